/**
 * Fit, returns and exchanges (decisions 045, 046 and 047): the codes the API takes and
 * the words shoppers and staff read for them, stated once for the server and both web apps. Plain values
 * apart from the schemas, so the web apps import them without TypeBox.
 */

/** why a shopper returns or exchanges a line: the code the API takes, the words the screens show */
export const RETURN_REASONS = {
  too_small: 'Size too small',
  too_large: 'Size too large',
  defective: 'Defective or damaged',
  wrong_item: 'Wrong item received',
  not_as_pictured: 'Colour or look different from the photo',
  quality: 'Quality not as expected',
  changed_mind: 'Changed my mind',
} as const;
export type ReturnReasonCode = keyof typeof RETURN_REASONS;
export const RETURN_REASON_CODES = Object.keys(RETURN_REASONS) as ReturnReasonCode[];

/** a return asked with only the spec's free-text `reason` is kept under this heading, its text beside it */
export const OTHER_REASON_TITLE = 'Other';

/** the longest comment a shopper may add to a return's reason */
export const RETURN_COMMENT_MAX = 1000;

/** these reasons need a photo of the item (the review photo rules apply to it) */
export const PHOTO_REASONS: readonly ReturnReasonCode[] = ['defective', 'wrong_item'];

/** how an apparel line fits, as a shopper who rated it says */
export const FIT_ANSWERS = {
  small: 'Runs small',
  true: 'True to size',
  large: 'Runs large',
} as const;
export type FitAnswer = keyof typeof FIT_ANSWERS;
export const FIT_ANSWER_CODES = Object.keys(FIT_ANSWERS) as FitAnswer[];

/** the product page shows the fit split from this many answers on (over the product and its colours) */
export const FIT_MIN_ANSWERS = 5;

/** the product page of a genre the owner marked not returnable */
export const NOT_RETURNABLE_TEXT = 'This item cannot be returned';
