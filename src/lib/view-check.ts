/**
 * The guided views against the entries they show: every line of the play along names a part that exists and shows
 * words in every setup the line is shown for; every setup-guide entry gives steps. A setup is every combination of
 * the options the line's conditions and the part's own `<When>`/`<Pick>` name. Pure: the caller reads the entries.
 */
import type { Game } from '../schemas/game';
import { ANY_ATTR, currentTokens, type Settings } from './options';
import { conditionKeys } from './option-authoring';
import { attrKey, holds, isGenerated, whenAttrs, type MdNode, type WhenAttrs } from './fragments';
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
