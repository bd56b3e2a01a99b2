import { pascalize } from '@iconify/utils';
import { componentModule, svgToJsx } from './jsx.js';

/** `mdi:home` gives `MdiHome`; a leading digit gets an `Icon` prefix to stay a valid identifier. */
export function componentName(pack: string, name: string): string {
  const pascal = pascalize(`${pack}-${name}`);
  return /^[0-9]/.test(pascal) ? `Icon${pascal}` : pascal;
}

/**
 * TSX source of a React component that renders `svg`. Props are spread last
 * onto the <svg>, so callers override size, colour, className or aria attributes.
 * `header` (comment lines) goes right below the import: the shadcn CLI drops
 * comments above a file's first statement when it installs it.
 */
export function renderReactComponent(svg: string, name: string, header: readonly string[] = []): string {
  const { lines, needs } = svgToJsx(svg, '    ', ['{...props}']);
  const typeImport = `import type { ${needs.cssProperties ? 'CSSProperties, ' : ''}SVGProps } from 'react'`;
  return componentModule(name, typeImport, 'SVGProps<SVGSVGElement>', header, lines);
}

/**
 * JSX source of the same React component without TypeScript, for projects
 * that write plain JavaScript. `header` opens the function's body: with no
 * import above it, a comment above the function would be the first thing in
 * the file, which the shadcn CLI drops.
 */
export function renderJsxComponent(svg: string, name: string, header: readonly string[] = []): string {
  const { lines } = svgToJsx(svg, '    ', ['{...props}'], false);
  return [`export function ${name}(props) {`, ...header.map((line) => `  ${line}`), '  return (', ...lines, '  )', '}', '', `export default ${name}`, ''].join(
    '\n',
  );
}
