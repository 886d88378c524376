// Every namespace of one language the browser shows (the server's own messages stay on the server): the unit the browser loads on demand.
import common from '../../locales/zh-CN/common.json';
import errors from '../../locales/zh-CN/errors.json';
import field from '../../locales/zh-CN/field.json';
import flow from '../../locales/zh-CN/flow.json';
import option from '../../locales/zh-CN/option.json';
import step from '../../locales/zh-CN/step.json';
import validation from '../../locales/zh-CN/validation.json';

export default { common, errors, field, flow, option, step, validation };
