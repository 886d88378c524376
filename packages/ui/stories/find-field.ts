import { walkFields, type Field } from '@kh/engine';
import { steps } from './story-data.ts';

/** A field of a real step schema, standing alone (its visibility rule reads fields not shown here). */
export function realField(stepId: string, fieldId: string): Field {
  const found = walkFields(steps[stepId].fields).find((entry) => entry.field.id === fieldId)?.field;
  if (!found) throw new Error(`${stepId} has no field ${fieldId}`);
  const { visibleWhen: _rule, ...field } = found as Field & { visibleWhen?: unknown };
  if ('children' in field) return { ...field, children: field.children.map(({ visibleWhen: _childRule, ...child }) => child as Field) } as Field;
  return field as Field;
}
