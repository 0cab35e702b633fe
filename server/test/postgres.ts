export const TEMPLATE_DB = `haat_template_${process.pid}`;
/** migrated, never seeded */
export const EMPTY_TEMPLATE_DB = `haat_empty_template_${process.pid}`;

/** The same server as `url`, another database on it. */
export function adminUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
