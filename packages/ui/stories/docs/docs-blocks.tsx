// Blocks for the MDX pages: the field kinds beside their schema, and the design tokens read from
// the stylesheet itself (so the page can never drift from the CSS).
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { I18nProvider } from '../../src/index.ts';
import { FieldInState } from '../Field.tsx';
import { KIND_EXAMPLES } from '../kind-examples.ts';

/** MDX blocks render outside the stories' decorators: they bring their own texts. */
function WithTexts({ children }: { children: ReactNode }): ReactElement {
  return <I18nProvider language="en">{children}</I18nProvider>;
}


/** Each field kind: its schema as product staff write it, beside the field it renders. */
export function FieldKindGallery(): ReactElement {
  return (
    <WithTexts>
      {Object.entries(KIND_EXAMPLES).map(([name, { field }]) => (
        <section key={name} style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 360px', gap: 24, alignItems: 'start', margin: '24px 0', borderTop: '1px solid #c9ced9', paddingTop: 16 }}>
          <div>
            <h3 style={{ marginTop: 0 }}>{name}</h3>
            <pre style={{ fontSize: 12, overflow: 'auto', background: '#f4f6fa', padding: 12, borderRadius: 8 }}>{JSON.stringify(field, null, 2)}</pre>
          </div>
          <FieldInState field={field} state="empty" />
        </section>
      ))}
    </WithTexts>
  );
}

/** The custom properties of the stylesheet's :root rules, as written (in source order). */
function readTokens(): [string, string][] {
  const tokens = new Map<string, string>();
  for (const sheet of [...document.styleSheets]) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // another origin's sheet
    }
    for (const rule of [...rules]) {
      if (!(rule instanceof CSSStyleRule) || rule.selectorText !== ':root') continue;
      for (const property of [...rule.style]) if (property.startsWith('--')) tokens.set(property, rule.style.getPropertyValue(property).trim());
    }
  }
  return [...tokens];
}

const isColour = (value: string) => /^(#|rgb|hsl)/.test(value);
const isLength = (value: string) => /^\d+(\.\d+)?(px|rem|em)$/.test(value);

/** Swatches for the colours, boxes for the lengths, samples for the type: read from the CSS variables. */
export function DesignTokens(): ReactElement {
  const [tokens, setTokens] = useState<[string, string][]>([]);
  useEffect(() => setTokens(readTokens()), []);
  const colours = tokens.filter(([, v]) => isColour(v));
  const lengths = tokens.filter(([, v]) => isLength(v));
  const fonts = tokens.filter(([name]) => name.startsWith('--font'));
  return (
    <div data-tokens={tokens.length}>
      <h2>Colours</h2>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        {colours.map(([name, value]) => (
          <figure key={name} style={{ margin: 0, width: 132 }}>
            <div style={{ height: 64, borderRadius: 8, background: `var(${name})`, border: '1px solid #c9ced9' }} />
            <figcaption style={{ fontSize: 13 }}>
              <code>{name}</code>
              <br />
              {value}
            </figcaption>
          </figure>
        ))}
      </div>
      <h2>Spacing and radii</h2>
      {lengths.map(([name, value]) => (
        <div key={name} style={{ display: 'flex', alignItems: 'center', gap: 16, margin: '8px 0' }}>
          <div style={{ width: `min(var(${name}), 480px)`, height: 24, background: 'var(--brand)', borderRadius: name.includes('radius') ? `var(${name})` : 0 }} />
          <code>
            {name}: {value}
          </code>
        </div>
      ))}
      <h2>Type</h2>
      {fonts.map(([name, value]) => (
        <div key={name} style={{ margin: '12px 0' }}>
          <p style={{ fontFamily: `var(${name}), sans-serif`, fontSize: 20, margin: 0 }}>Open an account 開立帳戶 开立账户</p>
          <code style={{ fontSize: 12 }}>
            {name}: {value}
          </code>
        </div>
      ))}
    </div>
  );
}
