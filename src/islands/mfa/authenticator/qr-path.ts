/**
 * The SVG geometry of a QR matrix: one path, one rectangle per horizontal
 * run of dark modules, in module units (the SVG's viewBox scales it). Pure,
 * so the drawing can be checked module by module.
 */
export function darkModulesPath(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (row[x] !== true) {
        x += 1;
        continue;
      }
      const start = x;
      while (row[x] === true) x += 1;
      const run = x - start;
      parts.push(`M${String(start)} ${String(y)}h${String(run)}v1h-${String(run)}z`);
    }
  });
  return parts.join('');
}
