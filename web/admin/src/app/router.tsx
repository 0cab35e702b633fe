import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AlertRegion } from '../../../shared/components/Alert.tsx';
import { Spinner } from '../../../shared/components/Spinner.tsx';
import { TestModeBanner } from '../../../shared/components/TestModeBanner.tsx';
import { paths } from '../api/paths.ts';
import { Shell } from './Shell.tsx';
import { useSession } from './session.tsx';

/** Every screen is its own chunk, loaded when first opened; only this file imports screens. */
function screen<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

const SignInScreen = screen(
  () => import('../screens/sign-in/SignInScreen.tsx'),
  (m) => m.SignInScreen,
);
const OrdersScreen = screen(
  () => import('../screens/orders/OrdersScreen.tsx'),
  (m) => m.OrdersScreen,
);
const ReturnsScreen = screen(
  () => import('../screens/returns/ReturnsScreen.tsx'),
  (m) => m.ReturnsScreen,
);
const RefundsScreen = screen(
  () => import('../screens/refunds/RefundsScreen.tsx'),
  (m) => m.RefundsScreen,
);
const CodCashScreen = screen(
  () => import('../screens/cod/CodCashScreen.tsx'),
  (m) => m.CodCashScreen,
);
const ReportsScreen = screen(
  () => import('../screens/reports/ReportsScreen.tsx'),
  (m) => m.ReportsScreen,
);
const ReviewsScreen = screen(
  () => import('../screens/reviews/ReviewsScreen.tsx'),
  (m) => m.ReviewsScreen,
);
const StaffScreen = screen(
  () => import('../screens/staff/StaffScreen.tsx'),
  (m) => m.StaffScreen,
);
const PasskeysScreen = screen(
  () => import('../screens/passkeys/PasskeysScreen.tsx'),
  (m) => m.PasskeysScreen,
);
const ActivityScreen = screen(
  () => import('../screens/activity/ActivityScreen.tsx'),
  (m) => m.ActivityScreen,
);
const DashboardScreen = screen(
  () => import('../screens/dashboard/DashboardScreen.tsx'),
  (m) => m.DashboardScreen,
);
const ProductsScreen = screen(
  () => import('../screens/products/ProductsScreen.tsx'),
  (m) => m.ProductsScreen,
);
const ProductScreen = screen(
  () => import('../screens/products/ProductScreen.tsx'),
  (m) => m.ProductScreen,
);
const LowStockScreen = screen(
  () => import('../screens/low-stock/LowStockScreen.tsx'),
  (m) => m.LowStockScreen,
);
const OffersScreen = screen(
  () => import('../screens/offers/OffersScreen.tsx'),
  (m) => m.OffersScreen,
);
const SellersScreen = screen(
  () => import('../screens/sellers/SellersScreen.tsx'),
  (m) => m.SellersScreen,
);
const SizeChartsScreen = screen(
  () => import('../screens/size-charts/SizeChartsScreen.tsx'),
  (m) => m.SizeChartsScreen,
);
const CategoriesScreen = screen(
  () => import('../screens/categories/CategoriesScreen.tsx'),
  (m) => m.CategoriesScreen,
);
const ShopWindowScreen = screen(
  () => import('../screens/shop-window/ShopWindowScreen.tsx'),
  (m) => m.ShopWindowScreen,
);
const DeliveryScreen = screen(
  () => import('../screens/delivery/DeliveryScreen.tsx'),
  (m) => m.DeliveryScreen,
);
const SettingsScreen = screen(
  () => import('../screens/settings/SettingsScreen.tsx'),
  (m) => m.SettingsScreen,
);
const OrderScreen = screen(
  () => import('../screens/order/OrderScreen.tsx'),
  (m) => m.OrderScreen,
);

const GstReturnsScreen = screen(
  () => import('../screens/books/GstReturnsScreen.tsx'),
  (m) => m.GstReturnsScreen,
);
const SettlementsScreen = screen(
  () => import('../screens/settlements/SettlementsScreen.tsx'),
  (m) => m.SettlementsScreen,
);

function NotFound() {
  return <h1 className="admin-title">There is no such page in the back office</h1>;
}

function SignedInRoutes() {
  return (
    <Routes>
      <Route path={paths.dashboard()} element={<Shell />}>
        <Route index element={<DashboardScreen />} />
        <Route path={paths.orders()} element={<OrdersScreen />} />
        <Route path="/admin/orders/:orderId" element={<OrderScreen />} />
        <Route path={paths.returns()} element={<ReturnsScreen />} />
        <Route path={paths.refunds()} element={<RefundsScreen />} />
        <Route path={paths.cod()} element={<CodCashScreen />} />
        <Route path={paths.reports()} element={<ReportsScreen />} />
        <Route path={paths.reviews()} element={<ReviewsScreen />} />
        <Route path={paths.products()} element={<ProductsScreen />} />
        <Route path={paths.newProduct()} element={<ProductScreen />} />
        <Route path="/admin/products/:productId" element={<ProductScreen />} />
        <Route path={paths.lowStock()} element={<LowStockScreen />} />
        <Route path={paths.staff()} element={<StaffScreen />} />
        <Route path={paths.passkeys()} element={<PasskeysScreen />} />
        <Route path={paths.activity()} element={<ActivityScreen />} />
        <Route path={paths.offers()} element={<OffersScreen />} />
        <Route path={paths.sellers()} element={<SellersScreen />} />
        <Route path={paths.sizeCharts()} element={<SizeChartsScreen />} />
        <Route path={paths.categories()} element={<CategoriesScreen />} />
        <Route path={paths.shopWindow()} element={<ShopWindowScreen />} />
        <Route path={paths.delivery()} element={<DeliveryScreen />} />
        <Route path={paths.settings()} element={<SettingsScreen />} />
        <Route path={paths.gstReturns()} element={<GstReturnsScreen />} />
        <Route path={paths.settlements()} element={<SettlementsScreen />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

/** Every screen of the back office, signed in or not, under the test mode's banner. */
export function AdminApp() {
  return (
    <>
      <TestModeBanner />
      <SignedInOrNot />
    </>
  );
}

/** Who is signed in decides what shows: the sign-in screen, or the back office at the address asked. */
function SignedInOrNot() {
  const { state, recheck } = useSession();
  if (state.status === 'checking') return <Spinner />;
  if (state.status === 'unanswered') {
    return (
      <main className="admin-failed">
        <h1 className="admin-title">The back office could not be reached</h1>
        <button type="button" className="button button-primary" onClick={recheck}>
          Try again
        </button>
      </main>
    );
  }
  return (
    <Suspense fallback={<Spinner />}>
      {state.status === 'signedOut' ? (
        <>
          <SignInScreen />
          <AlertRegion />
        </>
      ) : (
        <SignedInRoutes />
      )}
    </Suspense>
  );
}
