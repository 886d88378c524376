// Stands in for markdown-to-jsx, which @rjsf/core imports for its own description templates: our
// theme replaces those templates and renders no markdown, so 86 KB of parser would never run.
// Were one of RJSF's templates ever used, its text shows as written.
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }): ReactNode {
  return children ?? null;
}
export default Markdown;
