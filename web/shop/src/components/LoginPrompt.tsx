import { Link } from 'react-router';
import { paths } from '../../../../contract/paths.ts';
import { useReturnHere } from '../app/after-login.ts';
import { ScreenMessage } from './ScreenMessage.tsx';
import './LoginPrompt.css';

const lock = (
  <svg className="login-prompt-art" viewBox="0 0 120 120" aria-hidden="true">
    <circle cx="60" cy="60" r="56" fill="var(--sand)" />
    <rect x="32" y="54" width="56" height="44" rx="8" fill="var(--brand)" />
    <path d="M44 54V42a16 16 0 0 1 32 0v12" fill="none" stroke="var(--brand)" strokeWidth="8" />
    <circle cx="60" cy="72" r="6" fill="var(--marigold)" />
    <rect x="57" y="74" width="6" height="12" rx="3" fill="var(--marigold)" />
  </svg>
);

/** The not-logged-in state of the wishlist, the bag and other customer screens. */
export function LoginPrompt({ message }: { message: string }) {
  // logged in (or signed up), the shopper is back on this screen: the bag's checkout, the wishlist…
  const back = useReturnHere();
  return (
    <ScreenMessage title={message} art={lock} className="login-prompt">
      <Link to={paths.login()} state={back} className="button button-primary">
        LOGIN/ SIGNUP
      </Link>
    </ScreenMessage>
  );
}
