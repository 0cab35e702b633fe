import { useEffect, useId, useState } from 'react';
import { forgetBagChanges, readBagChanges } from '../../app/after-login.ts';

/**
 * Once, on the bag page after login or sign-up: the lines of the visitor's bag that could not be kept as
 * they were ("2 items in your bag changed: …"), one sentence each, as the server wrote them.
 */
export function BagChangesNotice() {
  const [changes] = useState(readBagChanges);
  const headingId = useId();
  useEffect(forgetBagChanges, []);
  if (changes.length === 0) return null;
  const items = changes.length === 1 ? '1 item' : `${changes.length} items`;
  return (
    <section className="bag-changes" aria-labelledby={headingId}>
      <h2 id={headingId} className="bag-changes-title">
        {items} in your bag changed:
      </h2>
      <ul>
        {changes.map((change) => (
          <li key={change}>{change}</li>
        ))}
      </ul>
    </section>
  );
}
