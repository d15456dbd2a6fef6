/**
 * The guided views against the entries they show: every line of the play along names a part that exists and shows
 * words in every setup the line is shown for; every step of the setup guide has words in every setup it shows for. A setup is every combination of
 * the options the line's conditions and the part's own `<When>`/`<Pick>` name. Pure: the caller reads the entries.
 */
import type { Game } from '../schemas/game';
import { ANY_ATTR, currentTokens, type Settings } from './options';
import { conditionKeys } from './option-authoring';
import { attrKey, holds, isGenerated, isWhenBlock, mergeWhen, whenAttrs, type MdNode, type WhenAttrs } from './fragments';
import { entryPart, partShows, type EntryPart } from './entry-parts';
import { playPlan, setupsFor, type PlayLine } from './play-along';

/** A problem of a view, by the game-file path of the line it concerns. */
export interface ViewProblem {
  path: string;
  message: string;
}

/** Every condition the part's own elements carry, as one attribute set per element (for the setups to try). */
function innerWhens(nodes: readonly MdNode[]): WhenAttrs[] {
  const out: WhenAttrs[] = [];
  const walk = (n: MdNode) => {
    if (isGenerated(n)) {
      const w = whenAttrs(n);
      const any = w[ANY_ATTR];
      if (any) for (const pair of any.split(' ')) out.push({ [`data-w-${pair.split('=')[0]}`]: pair.split('=')[1]! });
      const { [ANY_ATTR]: _any, ...rest } = w;
      if (Object.keys(rest).length) out.push(rest);
    }
    n.children?.forEach(walk);
  };
  nodes.forEach(walk);
  return out;
}

const label = (s: Settings): string =>
  Object.entries(s)
    .map(([id, v]) => `${id}=${Array.isArray(v) ? v.join('+') || 'none' : String(v)}`)
    .join(', ') || 'every setup';

/**
 * What is wrong with the game's play-along lines against its entries: `tree(slug)` gives an entry's transformed tree
 * (undefined for no such entry).
 */
export function playViewProblems(
  game: Pick<Game, 'id' | 'options' | 'playAlong'>,
  tree: (slug: string) => MdNode | undefined,
): ViewProblem[] {
  const { plan } = playPlan(game);
  if (!plan) return [];
  const keys = conditionKeys(game);
  const problems: ViewProblem[] = [];
  const check = (l: PlayLine, where: string) => {
    const root = tree(l.slug);
    const ref = `${l.slug}${l.anchor ? `#${l.anchor}` : ''}`;
    if (!root) return void problems.push({ path: where, message: `no entry "${l.slug}"` });
    const part: EntryPart | undefined = entryPart(root, l.anchor);
    if (!part) return void problems.push({ path: where, message: `"${ref}": the entry has no part, heading or note "${l.anchor}"` });
    const whens = [l.when, part.when, ...innerWhens(part.nodes)].filter((w) =>
      Object.keys(w).every((a) => a === ANY_ATTR || keys.has(attrKey(a))),
    );
    for (const s of setupsFor(game, whens)) {
      const tokens = currentTokens(game, s);
      if (!holds(l.when, tokens)) continue;
      if (!partShows(part, tokens)) problems.push({ path: where, message: `"${ref}" shows nothing for ${label(s)}` });
    }
  };
  plan.ends.forEach((l, i) => check(l, `ends.${i}`));
  plan.phases.forEach((l, i) => check(l, `phases.${i}`));
  plan.special.forEach((l, i) => check(l, `special.${i} (${l.title})`));
  plan.end.forEach((l, i) => check(l, `end.${i} (${l.title})`));
  return problems;
}

/**
 * What is wrong with the setup guide's steps: a list item of a `setupGuide` entry that, in some setup its `<When>`
 * blocks show it for, has no words (a checkbox with an empty label). `tree(slug)` as for `playViewProblems`.
 */
export function guideViewProblems(
  game: Pick<Game, 'id' | 'options' | 'setupGuide'>,
  tree: (slug: string) => MdNode | undefined,
): ViewProblem[] {
  const keys = conditionKeys(game);
  const problems: ViewProblem[] = [];
  for (const slug of game.setupGuide) {
    const root = tree(slug);
    if (!root) {
      problems.push({ path: `setupGuide (${slug})`, message: `no entry "${slug}"` });
      continue;
    }
    let n = 0;
    const visit = (nodes: readonly MdNode[], when: WhenAttrs) => {
      for (const node of nodes) {
        if (isWhenBlock(node)) visit(node.children ?? [], mergeWhen(when, whenAttrs(node)));
        if (node.type !== 'list') continue;
        for (const item of node.children ?? []) {
          n++;
          const part = { nodes: item.children ?? [], when };
          const whens = [when, ...innerWhens(part.nodes)].filter((w) =>
            Object.keys(w).every((a) => a === ANY_ATTR || keys.has(attrKey(a))),
          );
          for (const s of setupsFor(game, whens))
            if (holds(when, currentTokens(game, s)) && !partShows(part, currentTokens(game, s)))
              problems.push({ path: `setupGuide (${slug}, step ${n})`, message: `an empty step for ${label(s)}` });
        }
      }
    };
    visit(root.children ?? [], {});
  }
  return problems;
}
