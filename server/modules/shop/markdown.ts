import MarkdownIt from 'markdown-it';

/**
 * The owner's Markdown as HTML a page may show as it is. Raw HTML is not HTML here (`html: false`: a
 * `<script>` or an `onerror` reads as text), markdown-it's link check refuses javascript:, vbscript:,
 * file: and data: (bar images) addresses, and a link to another site opens apart from the shop, without
 * the shop's page as its opener or referrer.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const EXTERNAL = /^(?:https?:)?\/\//i;

markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index];
  if (token && EXTERNAL.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return self.renderToken(tokens, index, options);
};

export const renderMarkdown = (text: string): string => markdown.render(text);

/** A value put into Markdown as plain text: every character Markdown could read as syntax is escaped. */
export const markdownText = (value: string): string => value.replace(/[\\`*_{}[\]()#+\-.!|<>~&"]/g, '\\$&');
