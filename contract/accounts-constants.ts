/**
 * How long a verified one-time code lets the session log in or sign up with its phone; the sign-up
 * screen keeps its progress through a reload as long.
 */
export const VERIFIED_FOR_MINUTES = 10;

/** How long a one-time code sent by SMS may be typed; the login page keeps its code box through a reload as long. */
export const CODE_VALID_MINUTES = 5;
