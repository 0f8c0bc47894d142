/**
 * The portal's TypeScript sources as the compiler sees them, for the unit
 * checks that read code rather than run it (tests/unit/screen-coverage.test.ts):
 * one program over src/ with the project's options, the code an island
 * reaches (statement by statement, through imports and import() members, as
 * the bundler's tree shaking keeps it), and the type checker to tell what a
 * string literal stands for from the type the code expects there (a route
 * name, a message key).
 */
import { join, relative } from 'node:path';
import ts from 'typescript';

export const ROOT = process.cwd();

let cached: { program: ts.Program; checker: ts.TypeChecker; options: ts.CompilerOptions } | undefined;

/** One program over every non-test source file of src/ (built once per test file: about two seconds). */
export function sourceProgram(): { program: ts.Program; checker: ts.TypeChecker; options: ts.CompilerOptions } {
  if (cached) return cached;
  const configPath = join(ROOT, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('tsconfig.json could not be read');
  const files = parsed.fileNames.filter((f) => isPortalSource(f));
  const options = { ...parsed.options, noEmit: true };
  const program = ts.createProgram(files, options);
  cached = { program, checker: program.getTypeChecker(), options };
  return cached;
}

/** A file of the portal's own code under src/ (not a test, not a declaration file). */
export function isPortalSource(file: string): boolean {
  const rel = relative(ROOT, file);
  return rel.startsWith('src/') && /\.tsx?$/.test(rel) && !/\.test\.tsx?$/.test(rel) && !rel.endsWith('.d.ts');
}

export function rel(file: string): string {
  return relative(ROOT, file);
}

/** The source file a module specifier names from `from`, when it is one of the portal's own. */
export function resolveImport(specifier: string, from: string): string | undefined {
  const { options } = sourceProgram();
  const resolved = ts.resolveModuleName(specifier, from, options, ts.sys).resolvedModule?.resolvedFileName;
  return resolved !== undefined && isPortalSource(resolved) ? resolved : undefined;
}

/** Every node under a node (a file, a statement), depth first, the node included. */
export function* nodes(root: ts.Node): Generator<ts.Node> {
  const stack: ts.Node[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    yield node;
    const children: ts.Node[] = [];
    ts.forEachChild(node, (child) => {
      children.push(child);
    });
    stack.push(...children.reverse());
  }
}

/**
 * The string values a type allows when it is made only of string literals
 * (undefined and null aside): `'a' | 'b' | undefined` → ['a', 'b']; anything
 * else (string, a number, an object) → undefined.
 */
export function literalValues(type: ts.Type): string[] | undefined {
  const members = type.isUnion() ? type.types : [type];
  const values: string[] = [];
  for (const member of members) {
    if (member.isStringLiteral()) values.push(member.value);
    else if ((member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) === 0) return undefined;
  }
  return values.length > 0 ? values : undefined;
}

/** The top-level statement of its file that holds a node. */
function topStatement(node: ts.Node): ts.Statement | undefined {
  // A module itself (`import * as c` stands for the file): its members are resolved where they are used.
  if (ts.isSourceFile(node)) return undefined;
  let current: ts.Node = node;
  while (!ts.isSourceFile(current.parent)) current = current.parent;
  return current as ts.Statement;
}

function declarationsOf(symbol: ts.Symbol | undefined): readonly ts.Declaration[] {
  const { checker } = sourceProgram();
  if (symbol === undefined) return [];
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return target.declarations ?? [];
}

/** What a statement uses: the top-level statements (of any portal file) its identifiers stand for. */
function dependencies(statement: ts.Statement): ts.Statement[] {
  const { checker } = sourceProgram();
  const out: ts.Statement[] = [];
  const use = (decls: readonly ts.Declaration[]) => {
    for (const decl of decls) {
      if (!isPortalSource(decl.getSourceFile().fileName)) continue;
      const top = topStatement(decl);
      if (top !== undefined && top !== statement) out.push(top);
    }
  };
  for (const node of nodes(statement)) {
    if (ts.isIdentifier(node)) use(declarationsOf(checker.getSymbolAtLocation(node)));
    // `const { submitLogin } = await import('./after-submit')`: the names are members of the loaded module.
    if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const declaration = node.parent.parent;
      if (!ts.isVariableDeclaration(declaration) || declaration.initializer === undefined) continue;
      const name = (node.propertyName ?? node.name).getText();
      use(declarationsOf(checker.getTypeAtLocation(declaration.initializer).getProperty(name)));
    }
  }
  return out;
}

/**
 * The statements that run or can run from the entries, as a bundler's tree
 * shaking sees them: a statement is reached when a reached statement names
 * something it declares (through imports, import() members, JSX tags), and a
 * reached file's top-level statements that declare nothing (side effects) are
 * reached with it. An entry is a file's export by name, or a whole file.
 */
export function reachableStatements(
  entries: readonly { file: string; name?: string }[],
): Map<ts.Statement, ts.Statement | undefined> {
  const { program } = sourceProgram();
  /** Each reached statement with the statement that reached it first (undefined for an entry). */
  const reached = new Map<ts.Statement, ts.Statement | undefined>();
  const from = new Map<ts.Statement, ts.Statement>();
  const filesSeen = new Set<ts.SourceFile>();
  const queue: ts.Statement[] = [];
  const declares = (s: ts.Statement, name: string) =>
    (ts.isVariableStatement(s) && s.declarationList.declarations.some((d) => d.name.getText() === name)) ||
    ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name?.text === name);
  for (const entry of entries) {
    const sf = program.getSourceFile(entry.file);
    if (!sf) throw new Error(`${rel(entry.file)} is not in the program`);
    const picked =
      entry.name === undefined ? [...sf.statements] : sf.statements.filter((s) => declares(s, entry.name ?? ''));
    if (picked.length === 0) throw new Error(`${rel(entry.file)} declares no ${entry.name ?? ''}`);
    queue.push(...picked);
  }
  for (let statement = queue.pop(); statement !== undefined; statement = queue.pop()) {
    if (reached.has(statement)) continue;
    reached.set(statement, from.get(statement));
    const sf = statement.getSourceFile();
    const next = dependencies(statement);
    if (!filesSeen.has(sf)) {
      filesSeen.add(sf);
      next.push(...sf.statements.filter((s) => ts.isExpressionStatement(s) || ts.isIfStatement(s)));
    }
    for (const s of next)
      if (!reached.has(s)) {
        if (!from.has(s)) from.set(s, statement);
        queue.push(s);
      }
  }
  return reached;
}

/** Where a statement is: file and line. */
export function at(node: ts.Node): string {
  const sf = node.getSourceFile();
  return `${rel(sf.fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
}
