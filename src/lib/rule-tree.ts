/**
 * The MDX transform for rule entries: turns `<When>`/`<Pick>` into tagged HTML elements and entry links
 * (`[text](slug)`) into site URLs, checking every option, value and slug against the game.
 * Pure: works on an mdast tree; used by the Astro build (as a remark plugin) and by the content checker.
 */
import type { Game } from '../schemas/game';
import { ANY_ATTR, anyPair, conditionAttr, currentTokens, defaultSettings, findOption } from './options';
import { conditionKeys, conditionLabel, conditionsCanHold, pickToken, whenCondition } from './option-authoring';
import { anyPairs, isAny, type Clause, type Condition } from './conditions';
import type { Literal } from './estree-value';
import { offSiteProblem } from './content-origin';
import { headingId, linkProblem, type SiteIndex } from './site-index';
import { toString } from 'mdast-util-to-string';
import { keyedBy, keyedRows, tableProblems, type RowsEnv } from './table-rows';
import { UNCLEAR_LABEL, attrValue, html, unclearAnchor, type MdNode } from './mdx-nodes';

/** What the transform needs to know about the entry's game and its siblings. */
export interface RuleContext {
  game: Pick<Game, 'id' | 'options'>;
  /** Slugs of every entry of the game. */
  slugs: ReadonlySet<string>;
  /** The site's pages and their anchors: links to a site path or a `#fragment` are checked against them when given. */
  site?: SiteIndex;
  /** The entry's own slug (for `#fragment` links within it). */
  slug?: string;
}

/** What the transform found: options used, the condition keys of top-level variant blocks, problems. */
export interface RuleReport {
  usedOptions: Set<string>;
  /** Condition keys of top-level `<When>` blocks that the default setup hides (setup annotations). */
  variantKeys: Set<string>;
  /**
   * `key=token` pairs under which some top-level variant block shows (for a block with several conditions, those
   * of its first; for a `<When any ...>` block, those of every alternative): a page can list the entry exactly when
   * one of them holds.
   */
  variantPairs: Set<string>;
  /**
   * `key=token` pairs under which any text of the entry (block, inline or Pick) differs from the default setup's
   * text: a page can list the entries a setup changes.
   */
  changedPairs: Set<string>;
  /** The entry's "Unclear in the rules" notes, in page order. */
  unclear: UnclearNote[];
  /** The ids of the entry's `<Part>` blocks (what guided views may show alone), in page order. */
  parts: string[];
  errors: { line?: number; message: string }[];
}

/** One `<Unclear id="..." readings={[...]}>` note: where the rules are ambiguous, with the readings a table may pick. */
export interface UnclearNote {
  /** Kebab-case id, unique in its entry; with the entry's slug it keys the table's ruling. */
  id: string;
  /** The readings the note gives (each a short phrase); may be empty when the rules are only silent. */
  readings: string[];
  /** The note's body (mdast children), for pages that list notes. */
  children: unknown[];
  line?: number;
}

/** Transforms the tree in place and reports what it found. Problems are reported, not thrown. */
export function transformRuleTree(tree: MdNode, ctx: RuleContext): RuleReport {
  const report: RuleReport = {
    usedOptions: new Set(),
    variantKeys: new Set(),
    variantPairs: new Set(),
    changedPairs: new Set(),
    unclear: [],
    parts: [],
    errors: [],
  };
  const keys = conditionKeys(ctx.game);
  const defaults = currentTokens(ctx.game, defaultSettings(ctx.game));
  const optionIds = ctx.game.options.map((o) => o.id);
  const fail = (node: MdNode, message: string) => report.errors.push({ line: node.position?.start.line, message });

  /** Records the non-default tokens of these conditions: under them, the entry reads differently. */
  function noteChanges(conds: readonly Condition[]) {
    for (const c of conds) for (const t of keys.get(c.key)!.tokens) if (t !== defaults[c.key]) report.changedPairs.add(anyPair(c.key, t));
  }

  /** The condition of one prop, e.g. `seasons={[5,4]}` → key seasons, tokens [5,4]; reported and undefined when wrong. */
  function propCondition(node: MdNode, name: string, value: Literal): Condition | undefined {
    const c = whenCondition(ctx.game, name, value);
    if (typeof c === 'string') {
      // "<When> names unknown option ..."; "option "seasons" has no value 3 ..." reads alone.
      fail(node, c.startsWith('names') ? `<${node.name}> ${c}` : c);
      return undefined;
    }
    report.usedOptions.add(c.option.id);
    return { key: c.key, tokens: c.tokens };
  }

  /** What `<Rows>` tables need from the transform (see table-rows.ts). */
  const rowsEnv: RowsEnv = { game: ctx.game, fail, propCondition };

  /** The clauses of the `<When>` blocks around the node being walked. */
  let around: Clause[] = [];
  /** The clauses of the last `<When>` read, for the walk into its children. */
  let lastClauses: Clause[] = [];

  /**
   * A `<When>`: its props must all hold (`<When solo story>`); with `not`, its one prop must not hold; with `any`, at
   * least one of its 2 or more props must hold (`<When any jewelcrafter sacred-stones>`, never with `not`, never
   * inside another `<When any>`). Each prop must be able to hold inside the blocks around it.
   */
  function when(node: MdNode, flow: boolean, topLevel: boolean): MdNode | undefined {
    const attrs = node.attributes ?? [];
    let negate = false;
    let anyOf = false;
    const conds: Condition[] = [];
    for (const attr of attrs) {
      if (attr.type !== 'mdxJsxAttribute' || !attr.name) {
        fail(node, '<When> takes only plain props such as solo or seasons={5}');
        continue;
      }
      let value: Literal;
      try {
        value = attrValue(attr);
      } catch (e) {
        fail(node, `<When ${attr.name}>: ${(e as Error).message}`);
        continue;
      }
      if (attr.name === 'not') {
        negate = true;
        continue;
      }
      if (attr.name === 'any') {
        if (value !== true) fail(node, '<When any> takes no value: write <When any solo story> (solo or story)');
        anyOf = true;
        continue;
      }
      const c = propCondition(node, attr.name, value);
      if (c) conds.push(c);
    }
    const props = attrs.length - (negate ? 1 : 0) - (anyOf ? 1 : 0);
    if (props <= 0) {
      fail(node, '<When> needs a condition, e.g. <When solo> or <When seasons={5}>');
      return undefined;
    }
    if (anyOf && negate) {
      fail(node, '<When any ...> cannot take not: write each alternative as a value, e.g. <When any solo={false} story>');
      return undefined;
    }
    if (anyOf && props < 2) {
      fail(node, '<When any ...> takes 2 or more options, e.g. <When any solo story>; for one option write <When solo>');
      return undefined;
    }
    if (anyOf && around.some(isAny)) {
      fail(node, '<When any ...> cannot sit inside another <When any ...>: write the text under one of them');
      return undefined;
    }
    if (negate && props > 1) {
      fail(node, '<When not ...> takes exactly one option');
      return undefined;
    }
    if (conds.length !== props) return undefined;
    if (negate) {
      const c = conds[0]!;
      const all = keys.get(c.key)!.tokens;
      c.tokens = all.filter((t) => !c.tokens.includes(t));
    }
    const inside = around.length ? ` inside a <When> for ${conditionLabel(ctx.game, around)}` : '';
    if (anyOf) {
      const never = conds.find((c) => !conditionsCanHold(ctx.game, [...around, c]));
      if (never) {
        fail(node, `this <When any> lists ${conditionLabel(ctx.game, [never])}, which can never hold${inside}`);
        return undefined;
      }
    } else if (!conditionsCanHold(ctx.game, [...around, ...conds])) {
      const asks = conditionLabel(ctx.game, conds);
      const why = around.length ? `it asks for ${asks}${inside}` : `${asks} cannot all hold`;
      fail(node, `this <When> can never show: ${why}`);
      return undefined;
    }
    const clauses: Clause[] = anyOf ? [{ any: conds }] : conds;
    lastClauses = clauses;
    const out: Record<string, string> = { class: 'when' };
    if (anyOf) out[ANY_ATTR] = anyPairs({ any: conds }).join(' ');
    else for (const c of conds) out[conditionAttr(c.key)] = c.tokens.join(' ');
    const meetsDefault = (c: Condition) => c.tokens.includes(defaults[c.key]!);
    const hiddenByDefault = anyOf ? !conds.some(meetsDefault) : !conds.every(meetsDefault);
    noteChanges(conds);
    if (flow && hiddenByDefault) {
      out.class = 'when variant';
      out['data-label'] = conditionLabel(ctx.game, clauses);
      if (topLevel) {
        for (const c of conds) report.variantKeys.add(c.key);
        for (const c of anyOf ? conds : conds.slice(0, 1)) for (const t of c.tokens) report.variantPairs.add(anyPair(c.key, t));
      }
    }
    return html(flow ? 'div' : 'span', out, node.children ?? [], flow);
  }

  function pick(node: MdNode, flow: boolean): MdNode | undefined {
    const attrs = node.attributes ?? [];
    if (attrs.length !== 1 || attrs[0]!.type !== 'mdxJsxAttribute' || !attrs[0]!.name) {
      fail(node, '<Pick> takes exactly one option, e.g. <Pick seasons={{6: "six", 5: "five", 4: "four"}} />');
      return undefined;
    }
    const name = attrs[0]!.name;
    const option = findOption(ctx.game, name);
    const picking = option && pickToken(option, '');
    if (!option || !picking?.picks) {
      fail(
        node,
        option
          ? `<Pick> cannot use the multi option "${name}"; use <When>`
          : `<Pick> names unknown option "${name}" (the game's options: ${optionIds.join(', ')})`,
      );
      return undefined;
    }
    report.usedOptions.add(name);
    let map: Literal;
    try {
      map = attrValue(attrs[0]!);
    } catch (e) {
      fail(node, `<Pick ${name}>: ${(e as Error).message}`);
      return undefined;
    }
    if (!map || typeof map !== 'object' || Array.isArray(map)) {
      fail(node, `<Pick ${name}> takes an object of texts by value, e.g. ${name}={{...}}`);
      return undefined;
    }
    const all = keys.get(name)!.tokens;
    const given = new Map<string, string>();
    let other: string | undefined;
    for (const [k, text] of Object.entries(map)) {
      if (typeof text !== 'string' && typeof text !== 'number') {
        fail(node, `<Pick ${name}>: the text for ${k} must be a string`);
        return undefined;
      }
      const token = pickToken(option, k).token;
      if (k === 'other') other = String(text);
      else if (token === undefined) {
        fail(node, `<Pick ${name}>: option "${name}" has no value "${k}" (values: ${all.join(', ')})`);
        return undefined;
      } else given.set(token, String(text));
    }
    noteChanges([{ key: name, tokens: all }]);
    const missing = all.filter((t) => !given.has(t));
    if (missing.length && other === undefined) {
      fail(node, `<Pick ${name}> gives no text for ${missing.join(', ')} (add them or an "other" text)`);
      return undefined;
    }
    const parts: MdNode[] = [...given].map(([token, text]) =>
      html('span', { [conditionAttr(name)]: token }, [{ type: 'text', value: text }], false),
    );
    if (missing.length) parts.push(html('span', { [conditionAttr(name)]: missing.join(' ') }, [{ type: 'text', value: other! }], false));
    const span = html('span', { class: 'pick' }, parts, false);
    return flow ? { type: 'paragraph', children: [span] } : span;
  }

  function unclear(node: MdNode, flow: boolean): MdNode | undefined {
    if (!flow) {
      fail(node, '<Unclear> is a block: put <Unclear ...> and </Unclear> on their own lines, with blank lines around the text');
      return undefined;
    }
    let id: string | undefined;
    let readings: string[] = [];
    for (const attr of node.attributes ?? []) {
      let value: Literal;
      try {
        value = attr.type === 'mdxJsxAttribute' && attr.name ? attrValue(attr) : null;
      } catch (e) {
        fail(node, `<Unclear ${attr.name}>: ${(e as Error).message}`);
        return undefined;
      }
      if (attr.name === 'id' && typeof value === 'string' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value)) id = value;
      else if (
        attr.name === 'readings' &&
        Array.isArray(value) &&
        value.every((r) => typeof r === 'string' && r.trim().length > 0 && r.length <= 200)
      )
        readings = (value as string[]).map((r) => r.trim());
      else {
        fail(
          node,
          `<Unclear> takes id="kebab-case-id" and readings={["first reading", "second reading"]} (got ${attr.name ?? 'a spread'})`,
        );
        return undefined;
      }
    }
    if (!id) {
      fail(node, '<Unclear> needs an id, e.g. <Unclear id="solo-enemy-count" readings={[...]}>');
      return undefined;
    }
    if (report.unclear.some((u) => u.id === id)) {
      fail(node, `<Unclear id="${id}"> is used twice in this entry`);
      return undefined;
    }
    if (new Set(readings).size !== readings.length) {
      fail(node, `<Unclear id="${id}"> lists the same reading twice`);
      return undefined;
    }
    if (!(node.children ?? []).length) {
      fail(node, `<Unclear id="${id}"> is empty: say what is unclear and give both readings`);
      return undefined;
    }
    report.unclear.push({ id, readings, children: node.children ?? [], line: node.position?.start.line });
    // The label opens the first paragraph, as in "**Unclear in the rules:** The rulebook gives ...".
    const label: MdNode = { type: 'strong', children: [{ type: 'text', value: `${UNCLEAR_LABEL}:` }] };
    const [first, ...rest] = node.children ?? [];
    const body =
      first?.type === 'paragraph'
        ? [{ ...first, children: [label, { type: 'text', value: ' ' }, ...(first.children ?? [])] }, ...rest]
        : [{ type: 'paragraph', children: [label] }, ...(node.children ?? [])];
    // A note, not a landmark: a page may hold several.
    // The readings travel with the note: its rule page builds the table's ruling control from them.
    const attrs = { class: 'unclear', role: 'note', id: unclearAnchor(id), 'data-unclear': id, 'data-readings': JSON.stringify(readings) };
    return html('div', attrs, body, true);
  }

  /**
   * `<Part id="...">`: a marked block that a guided view (play along) shows by itself; on the rule page it is a plain
   * `div` with that id (so `slug#id` links there too).
   */
  function part(node: MdNode, flow: boolean): MdNode | undefined {
    const attrs = node.attributes ?? [];
    const a = attrs[0];
    const id = attrs.length === 1 && a?.type === 'mdxJsxAttribute' && a.name === 'id' && typeof a.value === 'string' ? a.value : undefined;
    if (!flow)
      return void fail(node, '<Part> is a block: put <Part id="..."> and </Part> on their own lines, with blank lines around the text');
    if (!id || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) return void fail(node, '<Part> takes one prop, id="kebab-case-id"');
    if (id.startsWith('unclear-')) return void fail(node, `<Part id="${id}">: ids starting "unclear-" belong to notes`);
    if (report.parts.includes(id)) return void fail(node, `<Part id="${id}"> is used twice in this entry`);
    if (!(node.children ?? []).length) return void fail(node, `<Part id="${id}"> is empty`);
    report.parts.push(id);
    return html('div', { class: 'part', id, 'data-part': id }, node.children ?? [], true);
  }

  /** A legacy note (`> **Unclear in the rules:** ...`) must become an `<Unclear>` component. */
  function legacyNote(node: MdNode): boolean {
    const first = node.children?.[0]?.children?.[0];
    const text = first?.type === 'strong' ? (first.children?.[0]?.value ?? '') : '';
    return text.replace(/:$/, '').trim() === UNCLEAR_LABEL;
  }

  function link(node: MdNode) {
    const url = node.url ?? '';
    const offSite = offSiteProblem(url);
    if (offSite) return fail(node, `${node.type === 'image' ? 'image' : 'link'} ${offSite}`);
    if (node.type === 'image')
      return fail(
        node,
        `image "${url}": an entry holds no pictures (none ships with the rules, and none is in the offline copy): say it in words`,
      );
    const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)(#[\w-]+)?$/.exec(url);
    if (!m) {
      if (/^(\/|#)/.test(url)) {
        const [path, fragment] = url.startsWith('#') ? [ctx.slug && `/${ctx.game.id}/${ctx.slug}/`, url.slice(1)] : url.split('#');
        const problem = ctx.site && path ? linkProblem(ctx.site, path, fragment) : undefined;
        if (problem) fail(node, `link "${url}": ${problem}`);
        return;
      }
      fail(node, `link "${url}" is neither an entry slug nor a site path`);
      return;
    }
    if (!ctx.slugs.has(m[1]!)) fail(node, `link to missing entry "${m[1]}" of ${ctx.game.id}`);
    else if (m[2] && ctx.site?.anchors.has(`/${ctx.game.id}/${m[1]}/`)) {
      const problem = linkProblem(ctx.site, `/${ctx.game.id}/${m[1]}/`, m[2].slice(1));
      if (problem) fail(node, `link "${url}": ${problem}`);
    }
    node.url = `/${ctx.game.id}/${m[1]}/${m[2] ?? ''}`;
  }

  function walk(node: MdNode, depth: number) {
    const children = node.children;
    if (!children) return;
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      if (child.type === 'link' || child.type === 'definition' || child.type === 'image') link(child);
      if (child.data?.generated) {
        walk(child, depth);
        continue;
      }
      if (child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') {
        const flow = child.type === 'mdxJsxFlowElement';
        let replacement: MdNode | undefined;
        if (child.name === 'When') replacement = when(child, flow, depth === 0);
        else if (child.name === 'Pick') replacement = pick(child, flow);
        else if (child.name === 'Unclear') replacement = unclear(child, flow);
        else if (child.name === 'Rows') replacement = keyedRows(child, flow, rowsEnv);
        else if (child.name === 'Part') replacement = part(child, flow);
        else fail(child, `<${child.name ?? 'fragment'}> is not allowed in an entry (use <When>, <Pick>, <Unclear>, <Rows> or <Part>)`);
        if (replacement) {
          children[i] = replacement;
          const outside = around;
          if (child.name === 'When') around = [...around, ...lastClauses];
          // A When block's children are still the entry's own top-level content.
          walk(replacement, flow ? depth : depth + 1);
          around = outside;
        }
        continue;
      }
      if (child.type === 'html') fail(child, 'raw HTML is not allowed in an entry');
      if (child.type === 'heading' && !headingId(child))
        fail(child, `heading "${toString(child)}" has no letter or digit, so its id (the anchor links use) would be empty: give it words`);
      if (child.type === 'table') {
        tableProblems(child, fail);
        const key = keyedBy(child, ctx.game);
        if (key) fail(child, `a table keyed by ${key} (its first column) needs <Rows ${key}={[...]}> around it (marks the reader's row)`);
      }
      if (child.type === 'blockquote' && legacyNote(child))
        fail(child, `an "${UNCLEAR_LABEL}" note must be an <Unclear id="..." readings={[...]}> block, not a blockquote`);
      if (child.type === 'mdxjsEsm' || child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression')
        fail(child, 'imports and {expressions} are not allowed in an entry');
      walk(child, depth + 1);
    }
  }
  walk(tree, 0);
  return report;
}
