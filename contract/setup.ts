import { type Static, Type } from 'typebox';

/** The owner's setup checklist and the "Go live" check: GET /admin/api/setup, `npm run doctor`. */

/** the checklist's steps, in the order an owner takes them */
export const SetupStepKey = Type.Union([
  Type.Literal('shop'),
  Type.Literal('seller'),
  Type.Literal('delivery'),
  Type.Literal('product'),
  Type.Literal('payments'),
  Type.Literal('sms'),
]);
export type SetupStepKey = Static<typeof SetupStepKey>;

export const SetupStep = Type.Object({
  key: SetupStepKey,
  title: Type.String(),
  /** its data is there (read from the shop's rows and configuration, never a ticked box) */
  done: Type.Boolean(),
  /** what is missing, one plain sentence each; [] when done */
  missing: Type.Array(Type.String()),
  /** the back-office screen that fixes it; null for what is set in the server's environment */
  link: Type.Union([Type.String(), Type.Null()]),
});
export type SetupStep = Static<typeof SetupStep>;

export const SetupAnswer = Type.Object({
  /** "Go live" finds nothing missing */
  live: Type.Boolean(),
  steps: Type.Array(SetupStep),
  /** everything "Go live" still misses, one plain sentence each (what `npm run doctor` prints); [] when live */
  goLive: Type.Array(Type.String()),
  /** the demo's rows are still in the shop (POST /admin/api/demo/remove removes them) */
  demo: Type.Boolean(),
});
export type SetupAnswer = Static<typeof SetupAnswer>;
