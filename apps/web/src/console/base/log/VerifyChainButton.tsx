import { useState } from 'react';
import { Alert, Button, Descriptions, Modal } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../../api/http';
import { formatLogTime } from './format';
import { verifyOperLogChain, type OperLogChainReport } from './api';

/** 校验完整性: checks the sealed operation log and says whether any row was changed, removed or slipped in. */
export function VerifyChainButton() {
  const [report, setReport] = useState<OperLogChainReport | null>(null);
  const verify = useMutation({ mutationFn: verifyOperLogChain, onSuccess: setReport });
  return (
    <>
      <Button icon={<SafetyCertificateOutlined />} loading={verify.isPending} onClick={() => verify.mutate()}>
        校验完整性
      </Button>
      <Modal title="操作日志完整性校验" open={!!report || verify.isError} onCancel={() => { setReport(null); verify.reset(); }} footer={null} width={560}>
        {verify.isError && <Alert type="error" showIcon title={errorMessage(verify.error)} />}
        {report && (
          <>
            {report.intact ? (
              <Alert type="success" showIcon title="日志完整" description={`已封存的 ${report.checked} 条记录均与封存一致，未发现改动、删除或插入。`} />
            ) : (
              <Alert
                type="error"
                showIcon
                title={`发现被改动的记录：日志编号 ${report.firstBroken!.logId}`}
                description={`${report.firstBroken!.reason}。封存序号 ${report.firstBroken!.sealSeq}；此前的 ${report.checked - 1} 条记录完好。`}
              />
            )}
            <Descriptions size="small" column={1} style={{ marginTop: 16 }}>
              <Descriptions.Item label="校验时间">{formatLogTime(report.checkedAt)}</Descriptions.Item>
              <Descriptions.Item label="已校验">{report.checked} 条</Descriptions.Item>
              <Descriptions.Item label="尚未封存">{report.unsealed} 条（最近几秒写入，稍后自动封存）</Descriptions.Item>
            </Descriptions>
          </>
        )}
      </Modal>
    </>
  );
}
