import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CONTACT_MESSAGE, EMAIL_MESSAGE } from '@dandelion/shared';
import { fakeServer, ok, refuse } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import OrgFormPage from './OrgFormPage';

const RECORD = {
  orgId: '7', orgCode: 'FIN', orgName: '财务处', orgType: null, orgLevel: null, parentOrgId: null, parentOrgName: null, parentOrgIds: '',
  orgAddr: null, orgLinkman: null, orgLinktel: null, orgLinkemail: null, orgStatus: 'NORMAL', orgSort: 0, remark: null,
  createTime: '2026-03-01T00:00:00.000Z', createBy: 'admin', updateTime: '2026-03-01T00:00:00.000Z', updateBy: 'admin', lockVersion: 4,
};

function open(entry: string, routes: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({
    '/rest/organ/tree': ok([]),
    '/rest/dict/getdictlists': ok({ ORG_TYPE: [], ORG_LEVEL: [] }),
    '/rest/organ/detail': ok(RECORD),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  renderAtRoute(<OrgFormPage />, '/system/org/:page', entry);
  return server;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/system/org/orgAdd', () => {
  it('shows the required and spec §5 messages and sends nothing', async () => {
    const server = open('/system/org/orgAdd');
    expect(await screen.findByText('新增机构')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '12-ab' } });
    fireEvent.change(screen.getByLabelText('联系邮箱'), { target: { value: 'not-mail' } });
    fireEvent.click(buttonNamed('保存')!);
    expect(await screen.findByText('请输入机构编码')).toBeTruthy();
    expect(screen.getByText('请输入机构名称')).toBeTruthy();
    expect(screen.getByText(CONTACT_MESSAGE)).toBeTruthy();
    expect(screen.getByText(EMAIL_MESSAGE)).toBeTruthy();
    expect(server.callsTo('/rest/organ/add')).toHaveLength(0);
  });

  it('adds under the parent named in the address and shows a refusal inline', async () => {
    const server = open('/system/org/orgAdd?parentId=3', { '/rest/organ/add': refuse(409, '机构编码已存在，请更换后重试') });
    fireEvent.change(await screen.findByLabelText('机构编码'), { target: { value: 'HR' } });
    fireEvent.change(screen.getByLabelText('机构名称'), { target: { value: '人事处' } });
    fireEvent.click(buttonNamed('保存')!);
    expect(await screen.findByText('机构编码已存在，请更换后重试')).toBeTruthy();
    expect(server.callsTo('/rest/organ/add')[0]!.body).toMatchObject({ orgCode: 'HR', orgName: '人事处', parentOrgId: '3', orgStatus: 'NORMAL', orgSort: 0 });
  });
});

describe('/system/org/orgUpd', () => {
  it('loads the record and saves with its lockVersion', async () => {
    const server = open('/system/org/orgUpd?id=7', { '/rest/organ/update': ok(RECORD) });
    await waitFor(() => expect((screen.getByLabelText('机构名称') as HTMLInputElement).value).toBe('财务处'));
    fireEvent.change(screen.getByLabelText('机构名称'), { target: { value: '财务处（新）' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/organ/update')).toHaveLength(1));
    expect(server.callsTo('/rest/organ/update')[0]!.body).toMatchObject({ orgId: '7', lockVersion: 4, orgName: '财务处（新）' });
  });
});
