import { LoginPrompt } from '../../components/LoginPrompt.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';

/** Accounts arrive in a later issue; until then every shopper sees the not-logged-in state. */
export function CheckoutScreen() {
  usePageTitle('Cart');
  return <LoginPrompt message="Oops! IT SEEMS YOU'VE NOT LOGGEDIN, PLEASE CLICK BELOW TO LOGIN/ SIGNUP" />;
}
