import type { ReactNode } from 'react';

interface Props {
  /** what the rows are; none where a heading above the table says it */
  caption?: ReactNode;
  /** the column headings in order; an empty entry (`owner && 'Actions'`) is a column this person does not get */
  columns: (string | false | null | undefined)[];
  /** a class beside `admin-table`, for a table laid out its own way */
  className?: string;
  /** the rows */
  children: ReactNode;
}

/** A back-office list as a table: its caption, a heading for each column, then the rows. */
export function AdminTable({ caption, columns, className, children }: Props) {
  return (
    <table className={className ? `admin-table ${className}` : 'admin-table'}>
      {caption !== undefined && <caption>{caption}</caption>}
      <thead>
        <tr>
          {columns.map(
            (column) =>
              column && (
                <th key={column} scope="col">
                  {column}
                </th>
              ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
