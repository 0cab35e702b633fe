import { LoginPrompt } from '../../components/LoginPrompt.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';

/** Accounts arrive in a later issue; until then every shopper sees the not-logged-in state. */
export function WishlistScreen() {
  usePageTitle('Wishlist');
  return (
    <LoginPrompt message="Oops! IT SEEMS YOU'VE NOT LOGGEDIN, PLEASE LOGIN/ SIGNUP TO SEE YOUR WISHLIST" />
  );
}
