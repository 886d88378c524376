// Every namespace of one language the browser shows (the server's own messages stay on the server): the unit the browser loads on demand.
import common from '../../locales/en/common.json';
import errors from '../../locales/en/errors.json';
import field from '../../locales/en/field.json';
import flow from '../../locales/en/flow.json';
import option from '../../locales/en/option.json';
import step from '../../locales/en/step.json';
import validation from '../../locales/en/validation.json';

export default { common, errors, field, flow, option, step, validation };
