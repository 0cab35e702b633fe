import { describe, expect, it } from 'vitest';
import type { ProductResponse } from '../../../contract/catalogue.ts';
import { TEST_ADMIN_TOKEN } from '../../test/app.ts';
import { databaseKinds } from '../../test/database.ts';
import { Fixtures } from '../../test/fixtures.ts';
import { TestClient } from '../../test/http.ts';
import { readUntil, twoInstances } from '../../test/instances.ts';

const BEARER = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

describe.skipIf(!databaseKinds().includes('postgres'))('size charts on two instances', () => {
  const { a, b } = twoInstances();

  it("shows a chart saved on one instance on the other's cached product page", async () => {
    const kurti = await new Fixtures(a().db).product({ userSegment: 'Women', genre: 'Kurti' });
    const onB = new TestClient(b().baseUrl);
    const chartOnB = async () =>
      (await onB.get<ProductResponse>(`/product/ind/apparel/${kurti.id}`)).body.sizeChart;
    // instance B has the page in memory, without a chart
    expect(await chartOnB()).toBeNull();

    const owner = new TestClient(a().baseUrl);
    const body = {
      userSegment: 'Women',
      genre: 'Kurti',
      measurements: ['bust'],
      rows: [{ size: 'M', values: [91.5] }],
      howToMeasure: '',
    };
    expect((await owner.put('/admin/api/size-charts', body, BEARER)).status).toBe(200);
    const seen = await readUntil(chartOnB, (chart) => chart !== null, 1);
    expect(seen).toEqual({ measurements: ['bust'], rows: [{ size: 'M', values: [91.5] }], howToMeasure: '' });
  });
});
