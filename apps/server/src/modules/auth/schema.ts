/** The identity tables where other areas' tests import them today; they live in the features (./session, ./loginLog, ./captcha). */
export { sysSession } from './session/tables';
export { sysLoginLog } from './loginLog/tables';
export { sysCaptcha } from './captcha/tables';
