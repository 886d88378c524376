// The reference the first load is measured against: what a plain Vite + React + @rjsf/core app
// ships to render the same compiled personal step, with RJSF's runtime ajv validator.
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { createRoot } from 'react-dom/client';
import schema from '../../../../packages/engine/generated/personal.schema.json';

createRoot(document.getElementById('root')!).render(<Form schema={schema as never} validator={validator} />);
