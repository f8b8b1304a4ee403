import ts from 'typescript';

/** A title a test file declares, for a test or a describe block; `pattern` when it is filled in at run time. */
export type TestTitle = { text: string; pattern: RegExp | null };

const TEST_FUNCTIONS = new Set(['it', 'test', 'describe', 'suite']);
// Members that take a string but declare no test: hooks, steps, settings.
const NOT_A_DECLARATION = new Set([
  'afterAll',
  'afterEach',
  'beforeAll',
  'beforeEach',
  'configure',
  'expect',
  'extend',
  'info',
  'setTimeout',
  'step',
  'use',
]);
const TABLE_MEMBERS = new Set(['each', 'for']);

/** The test function a callee names (`it`, `test.describe.serial`, `it.each(rows)`), or null. */
function declaringCallee(callee: ts.Expression): { table: boolean } | null {
  let table = false;
  let node = callee;
  for (;;) {
    if (ts.isIdentifier(node)) return TEST_FUNCTIONS.has(node.text) ? { table } : null;
    if (ts.isPropertyAccessExpression(node)) {
      const member = node.name.text;
      if (NOT_A_DECLARATION.has(member)) return null;
      if (TABLE_MEMBERS.has(member)) table = true;
      node = node.expression;
    } else if (ts.isCallExpression(node)) {
      // it.each(rows)('title'), it.runIf(condition)('title')
      node = node.expression;
    } else if (ts.isTaggedTemplateExpression(node)) {
      // it.each`table`('title')
      node = node.tag;
    } else {
      return null;
    }
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Vitest and Jest fill `.each` titles from the row: printf placeholders (%s %d %i %f %j %o %O %#)
 * and `$name` / `$name.field` for object rows. Each stands for any non-empty text; %% is a percent sign.
 */
function tablePlaceholders(literal: string): string {
  return literal
    .split(/(%%|%[sdifjoO#]|\$[A-Za-z_$][\w$]*(?:\.[\w$]+)*)/)
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      return part === '%%' ? '%' : '.+?';
    })
    .join('');
}

/**
 * The title a call declares: a plain string as it is; a template built in a loop
 * (`the ${name} page ...`) or an `.each` title as a pattern its filled-in titles match.
 */
function declaredTitle(argument: ts.Expression, table: boolean): TestTitle | null {
  let literals: string[];
  if (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)) {
    if (!table) return { text: argument.text, pattern: null };
    literals = [argument.text];
  } else if (ts.isTemplateExpression(argument)) {
    literals = [argument.head.text, ...argument.templateSpans.map((span) => span.literal.text)];
  } else {
    return null;
  }
  const source = literals.map((literal) => (table ? tablePlaceholders(literal) : escapeRegExp(literal)));
  return { text: literals.join('${…}'), pattern: new RegExp(`^${source.join('.+?')}$`, 's') };
}

/** Every test and describe title declared in a test file's source, however deeply nested. */
export function collectTestTitles(fileName: string, source: string): TestTitle[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const titles: TestTitle[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const first = node.arguments[0];
      const callee = declaringCallee(node.expression);
      const title = callee && first ? declaredTitle(first, callee.table) : null;
      if (title) titles.push(title);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return titles;
}

/**
 * A cited title is proven by a declared title that is the same text (an `.each` title with its
 * placeholders included), or whose pattern it fills in.
 */
export function hasTitle(titles: TestTitle[], cited: string): boolean {
  return titles.some((title) => title.text === cited || (title.pattern?.test(cited) ?? false));
}
