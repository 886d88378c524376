// Every namespace of one language the browser shows (the server's own messages stay on the server): the unit the browser loads on demand.
import common from '../../locales/zh-HK/common.json';
import errors from '../../locales/zh-HK/errors.json';
import field from '../../locales/zh-HK/field.json';
import flow from '../../locales/zh-HK/flow.json';
import option from '../../locales/zh-HK/option.json';
import step from '../../locales/zh-HK/step.json';
import validation from '../../locales/zh-HK/validation.json';

export default { common, errors, field, flow, option, step, validation };
