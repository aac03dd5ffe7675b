import { useNavigate } from 'react-router';
import { Button, Dropdown, type MenuProps } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useSignOut } from '../../auth/useSignOut';

/** The signed-in user's name with 个人中心 and 退出登录 (its own chunk: visitors never load antd's dropdown). */
export default function UserMenu({ name }: { name: string }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const items: MenuProps['items'] = [
    { key: 'center', label: '个人中心' },
    { type: 'divider' },
    { key: 'logout', label: '退出登录' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'center') navigate('/center');
    else void signOut();
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button type="text" icon={<UserOutlined />} className="dl-portal-header__user">
        <span className="dl-ellipsis">{name}</span>
      </Button>
    </Dropdown>
  );
}
