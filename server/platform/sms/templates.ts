/**
 * The SMS the shop sends about an order, or a size a shopper asked to hear of, one MSG91 flow
 * template (and one DLT template) per kind. Each
 * text's `{name}` is a template variable: MSG91's `##name##`, DLT's `{#var#}` (see `dltText`). `{shop}`
 * is the shop's name as its owner set it, filled in when the message is written. `{days}` is the line's return
 * window as its order keeps it (`1 day`, `7 days`); a line with none is told `order_delivered_final`.
 */
export const MESSAGE_TEXTS = {
  order_placed: 'Your {shop} order {purchase} is placed. Follow it in Orders on {shop}.',
  order_shipped: 'Your {shop} order {purchase} has shipped. Tracking id: {tracking}.',
  order_delivered:
    'Your {shop} order {purchase} is delivered. Not happy with it? Ask to return it in Orders within {days}.',
  order_delivered_final: 'Your {shop} order {purchase} is delivered.',
  order_cancelled: 'Your {shop} order {purchase} is cancelled. Any refund due is on its way.',
  return_accepted: 'Your return of {shop} order {purchase} is accepted. Our courier will pick it up soon.',
  refund_processed:
    'Your refund of Rs {amount} for {shop} order {purchase} is processed. It reaches your account in 5-7 working days.',
  back_in_stock:
    'Good news from {shop}: {product} in size {size} is back in stock. Buy it on {shop} before it sells out again.',
  exchange_requested:
    'Your exchange of {shop} order {purchase} is requested. The new size is kept for you while we look at it.',
  exchange_accepted:
    'Your exchange of {shop} order {purchase} is accepted. Our courier will pick the item up soon.',
  exchange_received:
    'We have your {shop} order {purchase} back. Your new size ships as an item of its own: follow it in Orders.',
  exchange_shipped: 'Your {shop} exchange {purchase} has shipped. Tracking id: {tracking}.',
  cod_out_for_delivery:
    'Your {shop} order {purchase} is out for delivery today. Please keep Rs {amount} ready to pay in cash.',
  cod_cash_collected:
    'Rs {amount} paid in cash for your {shop} order {purchase} was collected by our courier. Thank you.',
  cod_cash_received:
    'The Rs {amount} you paid in cash for {shop} order {purchase} has reached us. Thank you.',
  cod_confirm:
    '{code} is the code to confirm your {shop} cash on delivery order of Rs {amount}. Enter it on {shop}: an order not confirmed in time is cancelled.',
} as const;

export type MessageKind = keyof typeof MESSAGE_TEXTS;
export const MESSAGE_KINDS = Object.keys(MESSAGE_TEXTS) as MessageKind[];

/** A kind's MSG91 template id is read from this variable, e.g. MSG91_TEMPLATE_ORDER_SHIPPED. */
export const templateVariable = (kind: MessageKind) => `MSG91_TEMPLATE_${kind.toUpperCase()}`;

/** The text a shopper reads: every `{name}` filled in from `variables`. */
export function renderMessage(kind: MessageKind, variables: Record<string, string>): string {
  return MESSAGE_TEXTS[kind].replace(/\{(\w+)\}/g, (_, name: string) => variables[name] ?? '');
}

/** The text to register with DLT: every variable as `{#var#}`. */
export const dltText = (kind: MessageKind) => MESSAGE_TEXTS[kind].replace(/\{\w+\}/g, '{#var#}');

/** Rupees as SMS write them (plain ASCII: a ₹ would make it a costlier Unicode SMS), e.g. "1,29,999". */
export const smsRupees = (paise: number) =>
  Math.round(paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 0 });

/** the longest value DLT lets a template variable take */
const DLT_VARIABLE_CHARS = 30;
const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** A free text (a product's name) cut to what a DLT variable takes, marked as cut. */
export function smsVariable(text: string): string {
  const trimmed = text.trim();
  if (Array.from(trimmed).length <= DLT_VARIABLE_CHARS) return trimmed;
  // cut between letters as a reader sees them (a Devanagari or Tamil syllable is several code points),
  // keeping the cut text within the limit in code points
  let cut = '';
  let length = 0;
  for (const { segment } of GRAPHEMES.segment(trimmed)) {
    const size = Array.from(segment).length;
    if (length + size > DLT_VARIABLE_CHARS - 3) break;
    cut += segment;
    length += size;
  }
  return `${cut.trimEnd()}...`;
}
