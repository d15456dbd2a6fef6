/**
 * Tables keyed by a play option (`<Rows players={[2, 3, 4]}>` around a table): each body row gets a mark that the
 * options CSS shows only in the rows of the shown setup ("Your game"), and a page script sets `aria-current` on them.
 * Also the checks every table gets: named header cells, and a table whose first column names a choice option must be
 * keyed. Pure: part of the rule transform (`rule-tree.ts`), which hands in what it needs (`RowsEnv`).
 */
import { conditionAttr, findOption } from './options';
import { optionValues } from './option-authoring';
import { type Condition } from './conditions';
import { attrValue, html, type MdNode } from './mdx-nodes';
import type { Literal } from './estree-value';
import type { WordedGame } from './options';
import { ROW_MARK_CLASS } from './row-mark';

/** The text of the mark a row of a keyed table carries: shown, like a `<When>` span, only in the setup's rows. */
export const ROW_MARK = 'Your game';

/** What a keyed table needs from the rule transform. */
export interface RowsEnv {
  game: WordedGame;
  /** Reports a problem at a node. */
  fail: (node: MdNode, message: string) => void;
  /** The condition of one prop (`players`, `[3, 1]`), reported and undefined when wrong. */
  propCondition: (node: MdNode, name: string, value: Literal) => Condition | undefined;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Plain text of a node (a table cell's words). */
const textOf = (node: MdNode): string => node.value ?? (node.children ?? []).map(textOf).join('');

/** Problems of any table: every header cell needs a name (screen readers announce it), and no row has a cell past the header. */
export function tableProblems(table: MdNode, fail: RowsEnv['fail']): void {
  const header = table.children?.[0]?.children ?? [];
  if (header.some((cell) => !(cell.children ?? []).length))
    fail(table, 'a table has an empty header cell: name every column (screen readers announce it)');
  for (const row of (table.children ?? []).slice(1)) {
    const cells = row.children?.length ?? 0;
    if (cells > header.length)
      fail(row, `a table row has ${cells} cells but its header ${header.length}: the cell past the header would never show`);
  }
}

/**
 * The option a table's first column is keyed by, when its header names one (`Players`, `Game length`) and it has
 * rows for more than one value: such a table must be wrapped in `<Rows>` so the reader's row is marked.
 */
export function keyedBy(table: MdNode, game: RowsEnv['game']): string | undefined {
  const head = textOf(table.children?.[0]?.children?.[0] ?? { type: 'text' })
    .trim()
    .toLowerCase();
  if ((table.children?.length ?? 0) < 3) return undefined;
  return game.options.find((o) => o.type === 'choice' && (o.id === head || o.label.toLowerCase() === head))?.id;
}

/** Whether a row's first cell names a value of its condition (the value itself or its label, as a word). */
function namesValue(game: RowsEnv['game'], cell: string, name: string, c: Condition): boolean {
  const option = findOption(game, name);
  if (!option || option.type !== 'choice') return true;
  const labels = [...optionValues(option), ...(option.fallback ? [option.fallback] : [])]
    .filter((v) => c.tokens.includes(v.value))
    .flatMap((v) => [v.value, v.label]);
  const words = cell.toLowerCase();
  return labels.some((l) => new RegExp(`(^|[^a-z0-9])${escapeRegExp(l.toLowerCase())}($|[^a-z0-9])`).test(words));
}

/**
 * `<Rows players={[1, 2, [3, 1], 4]}>` around a table: one value (or list of values, or `null` for none) per body
 * row, per option named; each row gets a mark that shows while the setup has those values (all props must hold).
 */
export function keyedRows(node: MdNode, flow: boolean, { game, fail, propCondition }: RowsEnv): MdNode | undefined {
  const usage = '<Rows> wraps one table and gives one value per row, e.g. <Rows players={[2, 3, 4]}> (see docs/authoring.md)';
  const tables = (node.children ?? []).filter((c) => c.type === 'table');
  if (!flow || tables.length !== 1 || (node.children ?? []).length !== 1) {
    fail(node, usage);
    return undefined;
  }
  const table = tables[0]!;
  tableProblems(table, fail);
  const body = (table.children ?? []).slice(1);
  const perRow: (Condition[] | undefined)[] = body.map(() => []);
  const attrs = node.attributes ?? [];
  if (!attrs.length) fail(node, usage);
  for (const a of attrs) {
    let list: Literal;
    try {
      list = a.type === 'mdxJsxAttribute' && a.name ? attrValue(a) : null;
    } catch (e) {
      fail(node, `<Rows ${a.name}>: ${(e as Error).message}`);
      return undefined;
    }
    if (!a.name || !Array.isArray(list) || list.length !== body.length) {
      fail(node, `<Rows ${a.name ?? ''}> needs one value per row of the table (${body.length} rows): ${usage}`);
      return undefined;
    }
    for (let i = 0; i < body.length; i++) {
      const value = list[i]!;
      if (value === null) {
        perRow[i] = undefined;
        continue;
      }
      const c = propCondition(node, a.name, value);
      if (!c) return undefined;
      const cell = textOf(body[i]!.children?.[0] ?? { type: 'text' });
      if (perRow[i] && perRow[i]!.length === 0 && !namesValue(game, cell, a.name, c)) {
        const given = JSON.stringify(value);
        fail(body[i]!, `<Rows ${a.name}>: row ${i + 1} ("${cell.trim()}") is given ${given}, which its first cell does not name`);
        return undefined;
      }
      perRow[i]?.push(c);
    }
  }
  body.forEach((row, i) => {
    const conds = perRow[i];
    const cell = row.children?.[0];
    if (!conds?.length || !cell) return;
    const out: Record<string, string> = { class: ROW_MARK_CLASS };
    for (const c of conds) out[conditionAttr(c.key)] = c.tokens.join(' ');
    const mark = html('span', out, [{ type: 'text', value: ROW_MARK }], false);
    cell.children = [...(cell.children ?? []), { type: 'text', value: ' ' }, mark];
  });
  table.data = { ...table.data, hProperties: { className: ['keyed'] } };
  return table;
}
