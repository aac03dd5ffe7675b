import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Radio, Select, Space, Switch, TreeSelect, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { buttonBody, FUNC_PERMISSIONS, FUNC_TYPE_LABELS, menuBody, type FuncType } from '@dandelion/shared/system/func';
import { DUPLICATE_CHECK_DEBOUNCE_MS, duplicateRule, FormPage, requiredRule, rulesOf, useFormMode } from '../../../components/form';
import { menuIcon } from '../../../components/MenuIcon';
import { auditItems, labelTag, statusTag, textOf, yesNo } from '../../../components/detail';
import { ANTD_MENU_ICONS, fetchFunc, fetchIcons, fetchMenuTree, saveFunc, uploadIcon, type FuncNode, type FuncRecord, type FuncValues } from './api';

/** The same rules and messages the server applies (packages/shared/src/system/func.ts): a button's code has three parts. */
const menuRules = rulesOf(menuBody);
const buttonRules = rulesOf(buttonBody);

interface PickNode { value: string; title: string; children: PickNode[] }
const toTreeData = (nodes: FuncNode[]): PickNode[] =>
  nodes.map((n) => ({ value: n.id, title: `${n.funcName}（${n.funcCode}）`, children: toTreeData(n.children ?? []) }));

/** The name of a node in the menu tree, for 上级菜单. */
function nameIn(nodes: FuncNode[], id: string): string | null {
  for (const n of nodes) {
    if (n.id === id) return n.funcName;
    const found = nameIn(n.children ?? [], id);
    if (found) return found;
  }
  return null;
}

/** 上传图标: reads an SVG in the browser and sends its text; the server keeps only path data. */
function IconUpload({ onUploaded }: { onUploaded: (name: string) => void }) {
  const { message } = App.useApp();
  return (
    <Upload
      accept=".svg,image/svg+xml"
      showUploadList={false}
      beforeUpload={async (file) => {
        const name = file.name.replace(/\.svg$/i, '');
        const icon = await uploadIcon(name, await file.text());
        message.success('上传成功');
        onUploaded(icon.iconName);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />}>上传图标</Button>
    </Upload>
  );
}

/** /system/func/funcAdd|funcUpd|funcDetail: one node; its type decides which fields apply. */
export default function FuncFormPage() {
  const [form] = Form.useForm<FuncValues>();
  const { readOnly, id } = useFormMode();
  const [search] = useSearchParams();
  const client = useQueryClient();
  const menus = useQuery({ queryKey: ['system-func-menus'], queryFn: fetchMenuTree });
  const icons = useQuery({ queryKey: ['system-icons'], queryFn: fetchIcons });
  const funcType = Form.useWatch('funcType', form) as FuncType | undefined;
  const [, bump] = useState(0);
  const custom = (icons.data ?? []).map((i) => ({ iconId: i.iconId, name: i.iconName, pathContent: i.pathContent, viewBox: i.viewBox }));
  const iconOptions = [
    ...ANTD_MENU_ICONS.map((name) => ({ value: name, label: <Space>{menuIcon(name, [])}{name}</Space> })),
    ...custom.map((i) => ({ value: i.name, label: <Space>{menuIcon(i.name, custom)}{i.name}（自定义）</Space> })),
  ];
  const isButton = funcType === 'BUTTON';
  const rules = isButton ? buttonRules : menuRules;

  return (
    <FormPage<FuncValues, FuncRecord>
      entityName="菜单"
      detail={{
        editPermission: FUNC_PERMISSIONS.upd,
        items: (f) => {
          const menu = f.funcType !== 'BUTTON';
          return [
            { label: '类型', value: labelTag(FUNC_TYPE_LABELS, f.funcType, { DIR: 'blue', MENU: 'green', BUTTON: 'orange' }) },
            { label: '上级菜单', value: f.pid ? (nameIn(menus.data ?? [], f.pid) ?? `#${f.pid}`) : '顶级' },
            { label: menu ? '菜单名称' : '按钮名称', value: f.funcName },
            { label: '权限标识', value: f.funcCode },
            menu && { label: '路由地址', value: textOf(f.path) },
            menu && { label: '组件路径', value: textOf(f.url) },
            menu && { label: '重定向', value: textOf(f.redirect) },
            menu && { label: '高亮菜单', value: textOf(f.activeMenu) },
            menu && { label: '图标', value: f.icon ? <Space>{menuIcon(f.icon, custom)}{f.icon}</Space> : null },
            menu && { label: '隐藏', value: yesNo(f.hidden) },
            menu && { label: '总是显示', value: yesNo(f.alwaysShow) },
            { label: '排序', value: f.sort },
            { label: '状态', value: statusTag(f.status) },
            ...auditItems(f),
          ];
        },
      }}
      form={form}
      load={fetchFunc}
      initialValues={{ funcType: (search.get('type') as FuncType | null) ?? 'MENU', pid: search.get('pid'), hidden: false, alwaysShow: false, status: 'NORMAL' }}
      save={async (values, { record }) => {
        const saved = await saveFunc(values, record);
        await client.invalidateQueries({ queryKey: ['system-func-tree'] });
        return saved;
      }}
    >
      <Form.Item name="funcType" label="类型" rules={[requiredRule('请选择类型')]}>
        <Radio.Group options={Object.entries(FUNC_TYPE_LABELS).map(([value, label]) => ({ value, label }))} />
      </Form.Item>
      <Form.Item name="pid" label="上级菜单" rules={isButton ? [requiredRule('请选择上级菜单')] : []}>
        <TreeSelect allowClear treeDefaultExpandAll placeholder="不选为顶级" treeData={toTreeData(menus.data ?? [])} />
      </Form.Item>
      <Form.Item name="funcName" label={isButton ? '按钮名称' : '菜单名称'} rules={rules.funcName}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        name="funcCode"
        label="权限标识"
        // Menus and buttons share one code space: 'button' is the server's alias of 'menu'.
        rules={[...rules.funcCode, duplicateRule({ tableName: isButton ? 'button' : 'menu', fieldName: 'funcCode', dataId: id, schema: (isButton ? buttonBody : menuBody).shape.funcCode })]}
        validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}
        extra={isButton ? '形如 模块:功能:操作，如 system:user:add' : '如 system:user:list'}
      >
        <Input maxLength={128} />
      </Form.Item>
      {!isButton && (
        <>
          <Form.Item name="path" label="路由地址" rules={menuRules.path}><Input maxLength={256} placeholder="/system/user" /></Form.Item>
          <Form.Item name="url" label="组件路径" rules={menuRules.url}><Input maxLength={256} placeholder="Layout 或 system/user/userList" /></Form.Item>
          <Form.Item name="redirect" label="重定向" rules={menuRules.redirect}><Input maxLength={256} /></Form.Item>
          <Form.Item name="activeMenu" label="高亮菜单" rules={menuRules.activeMenu}><Input maxLength={256} placeholder="隐藏的子页面高亮的菜单路径" /></Form.Item>
          <Form.Item label="图标">
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="icon" noStyle>
                <Select allowClear showSearch placeholder="选择图标" options={iconOptions} style={{ flex: 1 }} />
              </Form.Item>
              {!readOnly && (
                <IconUpload
                  onUploaded={async (name) => {
                    await icons.refetch();
                    form.setFieldValue('icon', name);
                    bump((n) => n + 1);
                  }}
                />
              )}
            </Space.Compact>
          </Form.Item>
          <Form.Item name="hidden" label="隐藏" valuePropName="checked"><Switch /></Form.Item>
          <Form.Item name="alwaysShow" label="总是显示" valuePropName="checked"><Switch /></Form.Item>
        </>
      )}
      <Form.Item name="sort" label="排序" rules={rules.sort}><InputNumber min={0} max={99999} precision={0} /></Form.Item>
      <Form.Item name="status" label="状态">
        <Radio.Group options={[{ value: 'NORMAL', label: '正常' }, { value: 'DISABLED', label: '停用' }]} />
      </Form.Item>
    </FormPage>
  );
}
