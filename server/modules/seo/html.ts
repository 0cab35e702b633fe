/** Text and attribute values made safe inside HTML. */
export const escapeHtml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": '#39', '"': 'quot' }[c]};`);

export const metaName = (name: string, content: string) =>
  `<meta name="${name}" content="${escapeHtml(content)}" />`;

export const metaProperty = (property: string, content: string) =>
  `<meta property="${property}" content="${escapeHtml(content)}" />`;

/** JSON-LD as a data block: `<` escaped so no text in it can close the script element. */
export const jsonLd = (data: object) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

/** A description of at most `max` characters, cut at a word and marked with an ellipsis. */
export function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}
