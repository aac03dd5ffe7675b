import { Col, Row } from 'antd';
import { ChangePasswordCard } from './ChangePasswordCard';
import { IdentityCard } from './IdentityCard';
import { useProfile } from '../api';
import { ContactCard } from './ContactCard';
import { TwoFactorCard } from './TwoFactorCard';

/** 账号安全: password, two-factor sign-in, phone and email, identity verification. One column below 1200 px. */
export function SecurityPane() {
  const { data: profile } = useProfile();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <ChangePasswordCard />
      </Col>
      <Col xs={24} xl={12}>
        <TwoFactorCard />
      </Col>
      <Col xs={24} xl={12}>
        <ContactCard />
      </Col>
      <Col xs={24} xl={12}>
        <IdentityCard defaultName={profile?.realname ?? ''} />
      </Col>
    </Row>
  );
}
