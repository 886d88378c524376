// Stands in for RJSF's fields that no compiled step renders: the oneOf/anyOf chooser (MultiSchemaField)
// and the layout-grid fields. The engine's compile puts oneOf/anyOf only inside conditions (if/not),
// never on a property, and sets no `ui:field` (test/bundle.test.ts checks every step), so about
// 10 KB gzip of RJSF would never run. Were one ever asked for, the page says so instead of guessing.
import type { ReactElement } from 'react';

export default function UnusedRjsfField({ name }: { name?: string }): ReactElement {
  return (
    <p className="field__error" role="alert">
      {`This field (${name ?? 'unnamed'}) needs a form feature this app does not include.`}
    </p>
  );
}
