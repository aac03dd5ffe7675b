// antd's providers live in components/antd (the portal's antd pieces bring them along); the shell's imports stay.
export { AntdProviders } from '../components/antd/AntdProviders';
