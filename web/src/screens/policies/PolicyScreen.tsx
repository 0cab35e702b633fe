import { useEffect } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { ApiError, api } from '../../api/client.ts';
import { markLoggedOut } from '../../app/session.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { apiPaths, paths } from '../../config/paths.ts';
import { POLICIES, type PolicyName } from './policies.tsx';
import './policies.css';

/** Opening a policy page checks the session (spec section 6): a 500 goes to /error, other failures log out. */
function useTermsCheck() {
  const navigate = useNavigate();
  useEffect(() => {
    const controller = new AbortController();
    api.get(apiPaths.terms(), { signal: controller.signal }).catch((error: unknown) => {
      if (error instanceof TypeError) {
        navigate(paths.noResponse());
      } else if (error instanceof ApiError && error.status === 500) {
        console.error('Error while fetching terms and conditions!');
        navigate(paths.error());
      } else if (error instanceof ApiError) {
        markLoggedOut();
      }
    });
    return () => controller.abort();
  }, [navigate]);
}

export function PolicyScreen({ name }: { name: PolicyName }) {
  // one page per policy, so moving between policies checks the session again
  return <PolicyPage key={name} name={name} />;
}

function PolicyPage({ name }: { name: PolicyName }) {
  const policy = POLICIES[name];
  usePageTitle(policy.title);
  useTermsCheck();
  return (
    <div className="policy container">
      <nav className="policy-nav" aria-label="All policies">
        <ul>
          {Object.values(POLICIES).map((item) => (
            <li key={item.path}>
              <NavLink to={item.path}>{item.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article className="policy-article">
        <h1>{policy.title}</h1>
        <p className="policy-summary">{policy.summary}</p>
        {policy.body}
      </article>
    </div>
  );
}
