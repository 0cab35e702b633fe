/**
 * How long a verified one-time code lets the session log in or sign up with its phone; the sign-up
 * screen keeps its progress through a reload as long.
 */
export const VERIFIED_FOR_MINUTES = 10;

/** How long a one-time code sent by SMS may be typed; the login page keeps its code box through a reload as long. */
export const CODE_VALID_MINUTES = 5;

/**
 * The shopper's and the back office's code routes' 503 while the SMS provider is failing (its recent
 * sends failed or went unanswered), the same for every number.
 */
export const SMS_FAILING = 'We cannot send codes right now, please try again in a few minutes';
