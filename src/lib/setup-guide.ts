/**
 * The setup guide, generated from the setup entries a game lists in `setupGuide`: each entry's steps, read from its
 * own text after the rule transform, so counts (`<Pick>`) and conditions (`<When>`) are already tagged and the
 * options CSS shows the right ones. No second copy of any fact: the guide holds only what the entries say.
 *
 * Pure: works on the transformed mdast (`setupSteps`) and on the steps (`composeGuide`).
 */
import { fragmentHtml } from './mdast-html';
import { attr, firstEntryLink, isGenerated, isWhenBlock, mergeWhen, whenAttrs, type MdNode, type WhenAttrs } from './fragments';
import { anyPair, type WordedGame } from './options';
import { conditionKeys, optionValues } from './option-authoring';

/** One step of the setup guide: one checkbox. */
export interface GuideStep {
  /**
   * Stable id: `<entry slug>-<n>-<text hash>`, n counting the entry's steps from 1 in text order. The hash of the
   * step's text means a tick saved for a step never lands on another step after the entry is edited (it is dropped).
   */
  id: string;
  /** The step's first paragraph (phrasing HTML, for the checkbox label). */
  html: string;
  /** Any further blocks of the step (a sub-list, a second paragraph); empty when none. */
  more: string;
  /** The conditions of the `<When>` blocks the step sits in (attribute → tokens): the options CSS hides it elsewhere. */
  when: WhenAttrs;
  /** The label of the variant block the step sits in ("Solo play (bot)"), if the default setup hides it. */
  label?: string;
  /** The entry the step links to first (its own detail page), if any. */
  link?: string;
  /** The step's number in the entry's numbered list (text may refer to "step 3"); none for other steps. */
  number?: number;
}

/** A short, stable hash of a step's text (FNV-1a, 32 bits, base 36): part of the step's id. */
export function textHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** A paragraph holding nothing but bold text ("**Hero board**"): a heading of the steps below, not a step. */
const isBoldOnly = (node: MdNode): boolean =>
  node.type === 'paragraph' && (node.children ?? []).every((c) => c.type === 'strong' || (c.type === 'text' && !c.value?.trim()));

/** The plain text of a node. */
const plain = (node: MdNode): string => node.value ?? (node.children ?? []).map(plain).join('');

/** A paragraph that introduces the list after it ("Each player takes:"). */
const isLeadIn = (node: MdNode, next: MdNode | undefined): boolean => next?.type === 'list' && plain(node).trim().endsWith(':');

const BLOCKS = new Set(['paragraph', 'list', 'table', 'blockquote', 'heading', 'code', 'thematicBreak', 'mdxJsxFlowElement']);

/**
 * The phrasing a block reads as inside a checkbox label: a paragraph's content; a `<When>` block holding only
 * phrasing or paragraphs becomes an inline `<When>` span with the same conditions. Undefined for other blocks.
 */
function phrasingOf(node: MdNode): MdNode[] | undefined {
  if (node.type === 'paragraph') return node.children ?? [];
  if (!isWhenBlock(node)) return undefined;
  const kids = node.children ?? [];
  let children = kids;
  if (kids.some((k) => BLOCKS.has(k.type))) {
    const lead = leadPhrasing(kids);
    if (lead.rest.length) return undefined;
    children = lead.phrasing;
  }
  const attributes = (node.attributes ?? [])
    .filter((a) => a.name !== 'data-label')
    .map((a) => (a.name === 'class' ? { ...a, value: 'when' } : a));
  return [{ ...node, type: 'mdxJsxTextElement', name: 'span', attributes, children }];
}

/** The leading blocks of a step as one run of phrasing (paragraphs joined by a space), and the blocks after them. */
function leadPhrasing(blocks: readonly MdNode[]): { phrasing: MdNode[]; rest: MdNode[] } {
  const phrasing: MdNode[] = [];
  let i = 0;
  for (; i < blocks.length; i++) {
    const p = phrasingOf(blocks[i]!);
    if (!p) break;
    if (phrasing.length) phrasing.push({ type: 'text', value: ' ' });
    phrasing.push(...p);
  }
  return { phrasing, rest: blocks.slice(i) };
}

/** HTML of phrasing content (without the paragraph the serialiser needs around it). */
const phrasingHtml = (nodes: MdNode[]): string => fragmentHtml([{ type: 'paragraph', children: nodes }]).replace(/^<p>|<\/p>$/g, '');

/** Whether the entry sets out its steps as a list (at the top level or in a `<When>` block). */
const hasList = (nodes: readonly MdNode[]): boolean =>
  nodes.some((n) => n.type === 'list' || (isWhenBlock(n) && hasList(n.children ?? [])));

/**
 * The steps of one setup entry, in text order:
 * - every item of a list (numbered or not) is a step; its sub-lists stay inside it;
 * - a paragraph is a step where the entry has no list at all, and, in an entry with a list, inside a `<When>` block
 *   (what an option adds to the setup, e.g. "Treachery: shuffle the black-bordered cards in");
 * - not steps: a paragraph that introduces a list ("Each player takes:"), bold-only headings, headings, tables
 *   (their numbers are in the steps' own `<Pick>` text), clarifications and unclear notes.
 * Steps inside `<When>` blocks carry the blocks' conditions.
 */
export function setupSteps(tree: MdNode, { game, slug }: { game: string; slug: string }): GuideStep[] {
  const steps: GuideStep[] = [];
  const listed = hasList(tree.children ?? []);
  const add = (blocks: MdNode[], when: WhenAttrs, label: string | undefined, number?: number) => {
    const { phrasing, rest } = leadPhrasing(blocks);
    const html = phrasingHtml(phrasing);
    const more = rest.length ? fragmentHtml(rest) : '';
    if (!html.trim() && !more.trim()) return;
    steps.push({
      id: `${slug}-${steps.length + 1}-${textHash(html + more)}`,
      html,
      more,
      when,
      ...(label ? { label } : {}),
      ...(firstEntryLink(blocks, game) ? { link: firstEntryLink(blocks, game) } : {}),
      ...(number !== undefined ? { number } : {}),
    });
  };
  const visit = (nodes: readonly MdNode[], when: WhenAttrs, label: string | undefined, inWhen: boolean) => {
    nodes.forEach((node, i) => {
      if (isWhenBlock(node)) {
        visit(node.children ?? [], mergeWhen(when, whenAttrs(node)), attr(node, 'data-label') ?? label, true);
        return;
      }
      if (isGenerated(node)) return; // an unclear note
      if (node.type === 'list') {
        const start = node.ordered ? (node.start ?? 1) : undefined;
        (node.children ?? []).forEach((item, j) => add(item.children ?? [], when, label, start === undefined ? undefined : start + j));
        return;
      }
      if (node.type !== 'paragraph' || isBoldOnly(node) || isLeadIn(node, nodes[i + 1])) return;
      if (!listed || inWhen) add([node], when, label);
    });
  };
  visit(tree.children ?? [], {}, undefined, false);
  return steps;
}

/** A step of the composed guide: with the steps of the entry it details, when that entry is in the guide too. */
export interface ComposedStep extends GuideStep {
  /** The entry whose steps are nested here. */
  detail?: string;
  sub: GuideStep[];
}

/** The steps of one setup-guide section (`slug`), ready to show. */
export interface GuideGroup {
  slug: string;
  steps: ComposedStep[];
}

/**
 * The guide: one group per entry of `order`, except that a step whose first link names a later entry of `order`
 * takes that entry's steps as its sub-steps (an overview step "Build the quest deck (quest deck setup)" holds the
 * quest deck's own steps) and that entry gets no group of its own. So an overview and its detail entries can both be
 * listed without any step appearing twice.
 */
export function composeGuide(order: readonly string[], stepsOf: (slug: string) => readonly GuideStep[]): GuideGroup[] {
  const placed = new Set<string>();
  const groups: GuideGroup[] = [];
  for (const slug of order) {
    if (placed.has(slug)) continue;
    placed.add(slug);
    const steps = stepsOf(slug).map((step): ComposedStep => {
      const target = step.link;
      if (!target || placed.has(target) || !order.includes(target)) return { ...step, sub: [] };
      placed.add(target);
      return { ...step, detail: target, sub: [...stepsOf(target)] };
    });
    groups.push({ slug, steps });
  }
  return groups;
}

/** One entry of a chosen option value (a character, a mod, an objective): a step "apply its changes" in the guide. */
export interface ChoiceStep {
  /** Stable id: `choice-<entry slug>`. */
  id: string;
  entry: string;
  optionId: string;
  /** The `key=token` pair (see `visibilityCss` with `any`) under which the value is chosen. */
  pair: string;
}

/**
 * For games whose option values name entries (Pencilvillage's characters, mods, objectives): one step per value,
 * shown while that value is chosen, pointing to the value's entry.
 */
export function choiceSteps(game: WordedGame): ChoiceStep[] {
  const keys = [...conditionKeys(game).values()];
  const out: ChoiceStep[] = [];
  for (const option of game.options)
    for (const v of optionValues(option)) {
      if (!v.entry) continue;
      // A multi value has a key of its own (mods-tire=1); a choice value is a token of the option's key (character=erwin-lyme).
      const key = keys.find((k) => k.option.id === option.id && (k.value === undefined || k.value === v.value));
      if (!key) continue;
      out.push({
        id: `choice-${v.entry}`,
        entry: v.entry,
        optionId: option.id,
        pair: anyPair(key.key, key.value === undefined ? v.value : '1'),
      });
    }
  return out;
}
