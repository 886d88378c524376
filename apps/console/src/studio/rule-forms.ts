// The forms of a field's validation rules, read from the meta-schema (definitions.validationRule):
// each rule's name and the parameters it takes, so a rule added to the language gets its form
// without a change here. Pure: FieldTree.tsx draws the form.

export type ParameterKind = 'integer' | 'field' | 'text' | 'list';

export interface RuleForm {
  rule: string;
  parameters: { name: string; kind: ParameterKind; required: boolean }[];
}

type Node = Record<string, unknown>;

function kindOf(schema: Node): ParameterKind {
  if (schema.type === 'integer' || schema.type === 'number') return 'integer';
  if (schema.$ref === '#/definitions/fieldId') return 'field';
  if (schema.type === 'array') return 'list';
  return 'text';
}

/** Every rule the meta-schema names, with its parameters. */
export function ruleForms(metaSchema: Node): RuleForm[] {
  const branches = ((metaSchema.definitions as Node).validationRule as { oneOf: Node[] }).oneOf;
  return branches.flatMap((branch) => {
    const properties = branch.properties as Record<string, Node>;
    const names = (properties.rule!.enum as string[] | undefined) ?? [properties.rule!.const as string];
    const required = new Set((branch.required as string[] | undefined) ?? []);
    const parameters = Object.entries(properties)
      .filter(([name]) => name !== 'rule')
      .map(([name, schema]) => ({ name, kind: kindOf(schema), required: required.has(name) }));
    return names.map((rule) => ({ rule, parameters }));
  });
}

/** A rule with its required parameters given a starting value (1 for a number, the first field for a field). */
export function newRule(form: RuleForm, firstField: string): Record<string, unknown> {
  const rule: Record<string, unknown> = { rule: form.rule };
  for (const parameter of form.parameters.filter((p) => p.required))
    rule[parameter.name] = parameter.kind === 'integer' ? 1 : parameter.kind === 'field' ? firstField : parameter.kind === 'list' ? [] : '';
  return rule;
}

/** A parameter's value as typed into its input. */
export function parameterValue(kind: ParameterKind, text: string): unknown {
  if (kind === 'integer') return text.trim() === '' || Number.isNaN(Number(text)) ? text : Number(text);
  if (kind === 'list')
    return text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  return text;
}
