// Form data to API payload and back, by each field's dataKey. Hidden fields are never sent;
// stringList values travel as a de-duplicated comma string; dataPart fields share one string.
import { getAtPath, ownValue, parseDataKey, setAtPath, type PathSegment } from './data-key.ts';
import type { FormData } from './rules.ts';
import type { ValueField } from './step-schema.ts';

export type Payload = Record<string, unknown>;

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

export const joinList = (values: unknown[]): string => [...new Set(values.map(String).map((v) => v.trim()).filter(Boolean))].join(',');
export const splitList = (value: string): string[] => [...new Set(value.split(',').map((v) => v.trim()).filter(Boolean))];

export function buildPayloadMapping(fields: ValueField[]) {
  const paths = new Map<string, PathSegment[]>(fields.map((f) => [f.id, parseDataKey(f.dataKey)]));

  function toPayload(data: FormData, isVisible: (fieldId: string) => boolean): Payload {
    const payload: Payload = {};
    const parts = new Map<string, { path: PathSegment[]; separator: string; values: string[] }>();
    for (const field of fields) {
      if (!isVisible(field.id)) continue;
      const value = ownValue(data, field.id);
      const path = paths.get(field.id)!;
      if (field.dataPart) {
        const entry = parts.get(field.dataKey) ?? { path, separator: field.dataPart.separator, values: [] };
        entry.values[field.dataPart.index] = isBlank(value) ? '' : String(value);
        parts.set(field.dataKey, entry);
        continue;
      }
      if (isBlank(value)) continue;
      setAtPath(payload, path, field.valueType === 'stringList' && Array.isArray(value) ? joinList(value) : value);
    }
    for (const { path, separator, values } of parts.values()) {
      const joined = Array.from(values, (v) => v ?? '').join(separator);
      if (joined.replaceAll(separator, '') !== '') setAtPath(payload, path, joined);
    }
    return payload;
  }

  function fromPayload(payload: Payload): FormData {
    const data: FormData = {};
    for (const field of fields) {
      let value = getAtPath(payload, paths.get(field.id)!);
      if (isBlank(value)) continue;
      if (field.dataPart) value = String(value).split(field.dataPart.separator)[field.dataPart.index] ?? '';
      if (field.valueType === 'stringList') value = Array.isArray(value) ? value.map(String) : splitList(String(value));
      else if (field.valueType === 'number' && typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) value = Number(value);
      else if (field.valueType === 'boolean' && (value === 'true' || value === 'false')) value = value === 'true';
      if (!isBlank(value)) data[field.id] = value;
    }
    return data;
  }

  return { toPayload, fromPayload };
}
