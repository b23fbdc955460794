import type { ReactNode } from 'react';
import { Tag } from '@arco-design/web-react';
import { dash, formatDate } from '../format';
import type {
  ListColumn,
  ListConfig,
  ListOption,
  ListSearchField,
  ListSuperQueryField,
  SuperQueryFieldType,
} from '../list/types';
import { EllipsisText } from '../widgets/ellipsis-text/EllipsisText';

/**
 * A column of an admin list declared once, with its label: the table's column, how its cell
 * reads, and the fields of 查询 and 高级查询 that filter it.
 */
export interface AdminColumn<Row> extends ListColumn<Row> {
  /**
   * How a cell without `render` reads: `time`, the instant in China time to the second; `minute`,
   * to the minute (a content's times); `text`, a long text on one line, whole on hover. `--` when
   * empty.
   */
  show?: 'time' | 'minute' | 'text';
  /** The codes' labels: a cell without `render` shows the label (a tag when `colors` is given), and 查询 / 高级查询 offer them. */
  options?: readonly ListOption[];
  /** A tag's colour by code (`{ '1': 'green', '2': 'gray' }`). */
  colors?: Readonly<Record<string, string>>;
  /** The search form offers it: a text box, a select of `options`, or a day. */
  search?: ListSearchField['kind'];
  /** 高级查询 offers it, as this kind of value (`code`: one of `options`). */
  query?: SuperQueryFieldType;
  /**
   * The field 查询 and 高级查询 send for it when that is not `dataIndex`: a column that shows a
   * name and filters by its code (所属服务区域: `serviceAreaName` shown, `serviceAreaCode` sent).
   */
  filterName?: string;
}

/** The cell a column draws from its declaration when it has no `render`. */
function cellOf<Row>(column: AdminColumn<Row>): ListColumn<Row>['render'] {
  const { show, options, colors } = column;
  if (show === 'time') return (value) => formatDate(value as string | null, 'YYYY-MM-DD HH:mm:ss');
  if (show === 'minute') return (value) => formatDate(value as string | null, 'YYYY-MM-DD HH:mm');
  if (show === 'text')
    return (value) => (typeof value === 'string' && value.trim() !== '' ? <EllipsisText text={value} /> : dash(null));
  if (!options) return undefined;
  return (value): ReactNode => {
    const code = value === null || value === undefined ? '' : String(value);
    const label = options.find((option) => option.value === code)?.label;
    if (label === undefined) return dash(code);
    const color = colors?.[code];
    return color ? <Tag color={color}>{label}</Tag> : label;
  };
}

/**
 * Fields of 查询 and 高级查询 that filter no column of their own: a time range's two ends
 * (`timeFrom`, `timeTo`), a value the table does not show. They follow the columns' fields.
 */
export interface AdminColumnsExtra {
  searchFields?: readonly ListSearchField[];
  superQueryFields?: readonly ListSuperQueryField[];
  /**
   * 查询's order by field name where it is not the columns' (a search form that has always
   * asked for the name before the code): the fields named come first, in this order, then the
   * rest as declared.
   */
  searchOrder?: readonly string[];
  /** 高级查询's order by field name where it is not the columns', as `searchOrder`. */
  superQueryOrder?: readonly string[];
}

/** `fields` with those `order` names first, in its order; the rest after them as they were. */
function ordered<Field extends { name: string }>(fields: Field[], order: readonly string[] | undefined): Field[] {
  if (!order) return fields;
  const rank = (field: Field) => {
    const at = order.indexOf(field.name);
    return at < 0 ? order.length : at;
  };
  // Array.prototype.sort is stable: fields of equal rank keep their order.
  return [...fields].sort((a, b) => rank(a) - rank(b));
}

/** What 查询 and 高级查询 both say of a column's field: its name, its label, its options. */
function filterOf<Row>(column: AdminColumn<Row>): { name: string; label: string; options?: ListOption[] } {
  return {
    name: column.filterName ?? column.dataIndex,
    label: column.title,
    ...(column.options ? { options: [...column.options] } : {}),
  };
}

/**
 * The table's columns, the search form and the 高级查询 fields of a list from its columns, in
 * their order, then `extra`'s (or in `extra`'s order of names): each label is written once. A
 * column's own `render` wins over `show` / `options`.
 */
export function adminColumns<Row>(
  columns: readonly AdminColumn<Row>[],
  extra: AdminColumnsExtra = {},
): Pick<ListConfig<Row>, 'columns' | 'searchFields' | 'superQueryFields'> {
  return {
    columns: columns.map((column) => ({
      title: column.title,
      dataIndex: column.dataIndex,
      sortable: column.sortable,
      width: column.width,
      render: column.render ?? cellOf(column),
    })),
    searchFields: ordered(
      columns
        .filter((column) => column.search)
        .map((column) => ({ ...filterOf(column), kind: column.search! }))
        .concat(extra.searchFields ?? []),
      extra.searchOrder,
    ),
    superQueryFields: ordered(
      columns
        .filter((column) => column.query)
        .map((column) => ({ ...filterOf(column), type: column.query! }))
        .concat(extra.superQueryFields ?? []),
      extra.superQueryOrder,
    ),
  };
}
