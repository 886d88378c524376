// The step's JSON text in CodeMirror 6: completion from the meta-schema, the JSON syntax checked as
// typed, and the server's lint (the same code as `pnpm schemas:lint`) marked where each problem is.
import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Annotation, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef, type ReactElement } from 'react';
import { completionsAt, syntaxError, type TextRange } from './json-document.ts';
import metaSchema from '../../../../schemas/meta/step.schema.json';

export interface JsonEditorProps {
  label: string;
  value: string;
  readOnly: boolean;
  /** The lint's problems, placed in the text. */
  problems: (TextRange & { message: string })[];
  /** Values completion offers beyond the meta-schema's (the dictionaries, by property name). */
  extraValues: Record<string, string[]>;
  onChange(text: string): void;
}

/** Marks the text put in from the props, which the parent already has. */
const fromProps = Annotation.define<true>();

export function JsonEditor({ label, value, readOnly, problems, extraValues, onChange }: JsonEditorProps): ReactElement {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView>(null);
  // The latest props, for CodeMirror's callbacks made once.
  const latest = useRef({ onChange, extraValues });
  latest.current = { onChange, extraValues };
  // The texts handed up that no render has brought back yet. Keys in a shadow root are not discrete
  // events to React, so it renders later, and a render may bring back a text older than the editor's.
  const handedUp = useRef<string[]>([]);

  useEffect(() => {
    const complete = (context: CompletionContext): CompletionResult | null => {
      const found = completionsAt(context.state.doc.toString(), context.pos, metaSchema as Record<string, unknown>, latest.current.extraValues);
      if (!found || (!context.explicit && found.from === context.pos && !/[":\s]$/.test(context.state.sliceDoc(context.pos - 1, context.pos)))) return null;
      return { from: found.from, options: found.options.map((o) => ({ label: o.label, apply: o.apply, type: o.kind })), validFor: /^"?[\w$.-]*"?$/ };
    };
    // CodeMirror writes its styles as a <style> element in a document, which script-src 'self' /
    // style-src 'self' refuse; inside a shadow root it adopts constructed style sheets, which they allow.
    const shadow = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: 'open' });
    const editor = new EditorView({
      root: shadow,
      parent: shadow,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          json(),
          lintGutter(),
          autocompletion({ override: [complete] }),
          EditorState.readOnly.of(readOnly),
          EditorView.theme({ '&': { height: '520px', border: '1px solid #8a8f98', fontSize: '13px', backgroundColor: '#fff' }, '.cm-scroller': { overflow: 'auto' } }),
          // tabindex states what contenteditable already is (focusable), for checkers that only read the attribute.
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged || update.transactions.some((transaction) => transaction.annotation(fromProps))) return;
            const text = update.state.doc.toString();
            handedUp.current.push(text);
            latest.current.onChange(text);
          }),
        ],
      }),
    });
    view.current = editor;
    return () => editor.destroy();
    // The editor is made once per document opened (its key); later values come from typing.
  }, [readOnly, label]);

  // A change made elsewhere (the field tree) replaces the text. The editor's own text coming back is
  // not one: put back, it would undo the keys typed since.
  useEffect(() => {
    const editor = view.current;
    const own = handedUp.current.indexOf(value);
    handedUp.current = own === -1 ? [] : handedUp.current.slice(own + 1);
    if (editor && own === -1 && editor.state.doc.toString() !== value) editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value }, annotations: fromProps.of(true) });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const length = editor.state.doc.length;
    const syntax = syntaxError(editor.state.doc.toString());
    const diagnostics: Diagnostic[] = (syntax ? [syntax] : problems).map((p) => ({ from: Math.min(p.from, length), to: Math.min(p.to, length), severity: 'error', message: p.message }));
    editor.dispatch(setDiagnostics(editor.state, diagnostics));
  }, [problems, value]);

  return <div className="studio-json" ref={host} />;
}
