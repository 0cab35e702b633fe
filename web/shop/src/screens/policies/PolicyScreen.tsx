import { useEffect } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { apiPaths, paths } from '../../../../../contract/paths.ts';
import { POLICY_TITLES } from '../../../../../contract/shop-constants.ts';
import { api } from '../../../../shared/api/client.ts';
import { Spinner } from '../../../../shared/components/Spinner.tsx';
import { usePageTitle } from '../../../../shared/components/usePageTitle.ts';
import { useFailure } from '../../api/useFailure.ts';
import { markLoggedOut } from '../../app/session.tsx';
import { PolicyText, usePolicy } from '../../components/PolicyText.tsx';
import { ScreenMessage } from '../../components/ScreenMessage.tsx';
import { POLICIES, type PolicyName } from '../../lib/policies.ts';
import './policies.css';

/** Opening a policy page checks the session (the spec's roles): a 500 goes to /error, other failures log out. */
function useTermsCheck() {
  const navigate = useNavigate();
  const fail = useFailure();
  useEffect(() => {
    const controller = new AbortController();
    api.get(apiPaths.terms(), { signal: controller.signal }).catch((error: unknown) => {
      if (controller.signal.aborted) return;
      const failure = fail(error, 'Error while fetching terms and conditions!');
      if (failure?.kind === 'unanswered') navigate(paths.noResponse());
      else if (failure) markLoggedOut();
    });
    return () => controller.abort();
  }, [navigate, fail]);
}

export function PolicyScreen({ name }: { name: PolicyName }) {
  // one page per policy, so moving between policies checks the session again
  return <PolicyPage key={name} name={name} />;
}

function PolicyPage({ name }: { name: PolicyName }) {
  usePageTitle(POLICY_TITLES[name]);
  useTermsCheck();
  const { state, retry } = usePolicy(name);
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
      {state.status === 'loading' ? (
        <Spinner />
      ) : state.status === 'ready' ? (
        <article className="policy-article">
          <h1>{state.data.title}</h1>
          <PolicyText className="policy-text" html={state.data.html} />
        </article>
      ) : (
        <ScreenMessage title={`${POLICY_TITLES[name]} could not be loaded`}>
          <p>Please check your connection and try again.</p>
          <button type="button" className="button button-primary" onClick={retry}>
            Try again
          </button>
        </ScreenMessage>
      )}
    </div>
  );
}
