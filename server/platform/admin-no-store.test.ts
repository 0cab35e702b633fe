import { expect, it } from 'vitest';
import { describeEachDatabase, TEST_ADMIN_TOKEN } from '../test/app.ts';
import { Fixtures } from '../test/fixtures.ts';

// the back office's answers name shoppers (orders, returns, reviews, activity, staff, sellers): never kept by a cache

describeEachDatabase('back-office answers are never stored', (t) => {
  it('every GET of /admin/api/ answers Cache-Control: no-store, its errors too', async () => {
    const fixtures = new Fixtures(t().db);
    const product = await fixtures.product({ name: 'No-store kurta', sizes: [['M', 5]] });
    const customerId = await fixtures.customer({ fname: 'प्रिया', lname: 'Nostore' });
    const order = await fixtures.order(customerId, [{ product }]);
    const purchaseId = order.purchaseIds[0] ?? '';
    // a real value for each parameter the routes name, so most answers carry data, not a 404
    const values: Record<string, string> = {
      purchaseId,
      orderId: String(order.orderId),
      id: String(product.id),
      productId: String(product.id),
    };
    const routes = t()
      .app.apiRoutes()
      .described.filter((route) => route.startsWith('GET /admin/api/'))
      .map((route) => route.slice('GET '.length));
    expect(routes).toEqual(
      expect.arrayContaining([
        '/admin/api/orders',
        '/admin/api/returns',
        '/admin/api/staff',
        '/admin/api/sellers',
      ]),
    );
    let answered = 0;
    for (const route of routes) {
      const path = route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));
      const res = await fetch(`${t().baseUrl}${path}`, {
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      });
      expect(res.headers.get('cache-control'), `${route} (${res.status})`).toBe('no-store');
      if (res.status === 200) answered++;
      await res.arrayBuffer();
    }
    expect(answered).toBeGreaterThan(routes.length / 2);

    const orders = await fetch(`${t().baseUrl}/admin/api/orders`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    expect(await orders.text()).toContain('प्रिया');
    expect(orders.headers.get('cache-control')).toBe('no-store');
    // turned away: still not stored
    const refused = await fetch(`${t().baseUrl}/admin/api/orders`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});
