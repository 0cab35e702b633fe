import { type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiPaths } from '../../../../contract/paths.ts';
import type { PolicyResponse } from '../../../../contract/shop.ts';
import type { PolicyPage } from '../../../../contract/shop-constants.ts';
import { api } from '../../../shared/api/client.ts';
import { useLoad } from '../api/useLoad.ts';

/** GET /api/policies/{page}: the page's title and its text as the owner wrote it (or the spec's). */
export function usePolicy(page: PolicyPage) {
  const request = useCallback(
    (signal?: AbortSignal) => api.get<PolicyResponse>(apiPaths.policy(page), { signal }),
    [page],
  );
  return useLoad(request, `Error while loading the ${page} page`);
}

/**
 * A policy page's text: HTML the server made from the owner's Markdown (raw HTML and javascript: links
 * refused there). A link to another page of the shop moves within the app instead of loading it afresh.
 */
export function PolicyText({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const followInApp = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href') ?? '';
    const plainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!link || !plainClick || link.target || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegation only; the links inside are the controls, and Enter on a link clicks it
    <div
      className={className}
      onClick={followInApp}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (markdown-it with raw HTML off and its link check)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
