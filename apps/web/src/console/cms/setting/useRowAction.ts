import { App } from 'antd';
import { errorMessage } from '../../../api/http';

/**
 * How every 站点设置 tab runs a row action (上线, 停用, 删除, 上移 …): the success message, or the
 * server's refusal as an error message, then the list or tree again either way.
 */
export function useRowAction(reload: () => Promise<unknown>) {
  const { message } = App.useApp();
  return async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      message.success(done);
    } catch (error) {
      message.error(errorMessage(error));
    }
    await reload();
  };
}
