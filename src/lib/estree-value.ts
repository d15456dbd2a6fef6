/**
 * Evaluates the literal value of a JSX attribute expression (`{5}`, `{[3, 4]}`, `{{6: "six"}}`, `{false}`)
 * from its ESTree, without running any code. Anything but literals, arrays and plain objects is rejected.
 */
export type Literal = string | number | boolean | null | Literal[] | { [key: string]: Literal };

interface Node {
  type: string;
  [key: string]: unknown;
}

/** Returns the value of a literal expression, or throws an Error naming what is not allowed. */
export function literalValue(node: Node): Literal {
  switch (node.type) {
    case 'Program': {
      const body = node.body as Node[];
      if (body.length !== 1 || body[0]!.type !== 'ExpressionStatement') throw new Error('expected one expression');
      return literalValue(body[0]!.expression as Node);
    }
    case 'Literal':
      return node.value as Literal;
    case 'ArrayExpression':
      return (node.elements as Node[]).map((e) => literalValue(e));
    case 'ObjectExpression': {
      // Null prototype: a key named `__proto__` is kept as a key, and no key reads Object.prototype.
      const out: Record<string, Literal> = Object.create(null) as Record<string, Literal>;
      for (const p of node.properties as Node[]) {
        if (p.type !== 'Property' || p.computed) throw new Error('only plain object properties are allowed');
        const key = p.key as Node;
        const name = key.type === 'Identifier' ? (key.name as string) : String(literalValue(key));
        out[name] = literalValue(p.value as Node);
      }
      return out;
    }
    case 'UnaryExpression':
      if (node.operator === '-') {
        const v = literalValue(node.argument as Node);
        if (typeof v === 'number') return -v;
      }
      throw new Error(`operator ${String(node.operator)} is not allowed`);
    default:
      throw new Error(`a ${node.type} is not a literal value`);
  }
}
