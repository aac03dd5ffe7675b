import { Col, Divider, Form, Input, InputNumber, Row, Select, type FormInstance } from 'antd';
import {
  EARLIEST_BIRTH_YEAR,
  EXPERT_GENDER_LABELS,
  expertProfile,
  MAX_EXPERT_DISCIPLINES,
  MAX_EXPERT_KEYWORDS,
} from '@dandelion/shared/award/expertProfile';
import { DisciplinePicker } from '../../components/DisciplinePicker';
import { rulesOf } from '../../components/form/zodRules';
import { RegionCascader } from '../../components/RegionCascader';
import { optionsOf } from '../../lib/options';
import type { ExpertProfileBody, MyExpertProfile } from './api';
import { FormerUnitsList, RelationsList } from './ProfileLists';

const rules = rulesOf(expertProfile);

/** The form holds the region as the cascader's path; the contract stores the last code. */
export type ProfileValues = Omit<ExpertProfileBody, 'region' | 'lockVersion'> & { regionPath?: string[] };

/** A stored six-digit region code as its province / city / county path (their codes share prefixes). */
export function regionPathOf(code: string | null | undefined): string[] | undefined {
  if (!code) return undefined;
  if (!/^\d{6}$/.test(code)) return [code];
  const path = [`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code];
  return path.filter((c, i) => path.indexOf(c) === i);
}

/** What the form starts with: the stored profile, or for a first visit the account's name and phone. */
export function valuesOf(profile: MyExpertProfile | null, account: { name?: string; phone?: string }): ProfileValues {
  if (!profile) return { name: account.name ?? '', phone: account.phone ?? '', disciplineCodes: [], keywords: [], formerUnits: [], relations: [] };
  const { region, disciplineCodes, keywords, formerUnits, relations } = profile;
  return {
    name: profile.name,
    idNumber: profile.idNumber,
    gender: profile.gender,
    birthYear: profile.birthYear,
    phone: profile.phone ?? '',
    email: profile.email,
    title: profile.title,
    position: profile.position,
    unitName: profile.unitName,
    unitCreditCode: profile.unitCreditCode,
    regionPath: regionPathOf(region),
    disciplineCodes: [...disciplineCodes],
    keywords: [...keywords],
    formerUnits: formerUnits.map((u) => ({ ...u })),
    relations: relations.map((r) => ({ ...r })),
    remark: profile.remark,
  };
}

/** The call's body from the form: the region's last code, and the lock version of what was read. */
export function bodyOf(values: ProfileValues, lockVersion: number | undefined): ExpertProfileBody {
  const { regionPath, ...rest } = values;
  return { ...rest, region: regionPath?.at(-1) ?? null, ...(lockVersion === undefined ? {} : { lockVersion }) };
}

const thisYear = new Date().getFullYear();

/** 专家信息: who the expert is, where they work, what they judge, and whom they must not judge (回避). */
export function ExpertProfileForm({ form, initialValues, disabled }: { form: FormInstance<ProfileValues>; initialValues: ProfileValues; disabled: boolean }) {
  return (
    <Form form={form} layout="vertical" initialValues={initialValues} disabled={disabled} name="expertProfile" scrollToFirstError>
      <Divider titlePlacement="start">基本信息</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="姓名" rules={rules.name}>
            <Input placeholder="请输入姓名" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="idNumber" label="证件号码" rules={rules.idNumber} extra="用于回避主要完成人本人">
            <Input placeholder="请输入证件号码" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="gender" label="性别" rules={rules.gender}>
            <Select allowClear placeholder="请选择性别" options={optionsOf(EXPERT_GENDER_LABELS)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="birthYear" label="出生年份" rules={rules.birthYear}>
            <InputNumber style={{ width: '100%' }} placeholder={`如 ${thisYear - 50}`} min={EARLIEST_BIRTH_YEAR} max={thisYear} precision={0} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label="手机号码" rules={rules.phone}>
            <Input placeholder="请输入手机号码" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label="邮箱" rules={rules.email}>
            <Input placeholder="请输入邮箱" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">工作单位与专业</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="unitName" label="工作单位" rules={rules.unitName}>
            <Input placeholder="请输入工作单位全称" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="unitCreditCode" label="单位统一社会信用代码" rules={rules.unitCreditCode}>
            <Input placeholder="18 位统一社会信用代码" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="title" label="职称" rules={rules.title}>
            <Input placeholder="如：教授、研究员、正高级工程师" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="position" label="职务" rules={rules.position}>
            <Input placeholder="请输入职务" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="regionPath" label="所在地区">
            <RegionCascader aria-label="所在地区" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="disciplineCodes" label="学科" rules={rules.disciplineCodes} extra={`最多 ${MAX_EXPERT_DISCIPLINES} 个，第一个为主学科`}>
            <DisciplinePicker max={MAX_EXPERT_DISCIPLINES} aria-label="学科" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="keywords" label="研究方向关键词" rules={rules.keywords} extra={`最多 ${MAX_EXPERT_KEYWORDS} 个，输入后按回车或逗号`}>
        <Select mode="tags" maxCount={MAX_EXPERT_KEYWORDS} placeholder="请输入关键词" tokenSeparators={[',', '，', ';', '；']} suffixIcon={null} notFoundContent={null} />
      </Form.Item>
      <Divider titlePlacement="start">曾任职单位</Divider>
      <FormerUnitsList disabled={disabled} />
      <Divider titlePlacement="start">回避关系</Divider>
      <RelationsList disabled={disabled} />
      <Divider titlePlacement="start">其他</Divider>
      <Form.Item name="remark" label="备注" rules={rules.remark}>
        <Input.TextArea rows={3} placeholder="其他需要说明的情况" />
      </Form.Item>
    </Form>
  );
}
