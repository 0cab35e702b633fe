import { beforeAll, expect, it } from 'vitest';
import type { ShipmentBooked } from '../../../contract/shipping.ts';
import { describeEachDatabase } from '../../test/app.ts';
import { BEARER, CodDriver } from '../../test/cod.ts';
import { givePickupAddress } from '../../test/courier.ts';
import { type FixtureProduct, Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { AWAITING_CODE_MESSAGE } from '../orders/cod-state.ts';

describeEachDatabase(
  'cash on delivery: the courier partner books a COD line only once its order is confirmed',
  (t) => {
    let fixtures: Fixtures;
    const cod = new CodDriver(t, () => fixtures);
    let kurta: FixtureProduct;

    beforeAll(async () => {
      fixtures = new Fixtures(t().db);
      kurta = await fixtures.product({ name: 'Guard kurta', pricePaise: 99_900, sizes: [['M', 10]] });
      await givePickupAddress(t().db, kurta.id);
      await cod.settings({ codEnabled: true });
    });

    it('409 before the code is given, with nothing booked; booked once it is', async () => {
      const { client, phone } = await cod.shopper(kurta, 1);
      const order = await cod.placed(client);
      const [purchaseId = ''] = order.purchaseIds;
      const ship = () =>
        new TestClient(t().baseUrl).post<ShipmentBooked & { error?: string }>(
          `/admin/api/orders/${purchaseId}/ship`,
          {},
          BEARER,
        );
      const shipments = () =>
        t()
          .db.selectFrom('shipments')
          .innerJoin('order_lines', 'order_lines.id', 'shipments.order_line_id')
          .select('shipments.awb')
          .where('order_lines.purchase_id', '=', purchaseId)
          .execute();

      const early = await ship();
      expect(early.status).toBe(409);
      expect(early.body).toEqual({ error: AWAITING_CODE_MESSAGE });
      expect(await shipments()).toEqual([]);

      const code = await cod.codeSent(client, phone);
      expect((await cod.confirm(client, order.orderId, code)).status).toBe(200);
      const booked = await ship();
      expect(booked.status).toBe(200);
      expect(await shipments()).toEqual([{ awb: booked.body.awb }]);
    });
  },
  {
    COURIER_PROVIDER: 'shiprocket',
    SHIPROCKET_EMAIL: 'api-user@example.com',
    SHIPROCKET_PASSWORD: 'api-password',
    OUTBOX_INTERVAL_MS: '50',
  },
);
