import {
  dataExportLinkContract,
  dataExportStatusContract,
  requestDataExportContract,
} from '~/shared/contracts/data-export';
import { ok } from '~/shared/errors';
import { dataExportLink, dataExportStatus, requestDataExport } from '../../account';
import { defineOperation } from '../api';

/** `/api/data_export.php`: status, request, download link (docs/product.md §10 Data export). */
export const dataExportEndpoint = [
  defineOperation(dataExportStatusContract, async (_input, req) =>
    ok({ export: await dataExportStatus(req.ctx, req.session.userId) }),
  ),
  defineOperation(requestDataExportContract, async (_input, req) => {
    const started = await requestDataExport(req.ctx, req.session.userId);
    return started.ok ? ok({ export: started.value }) : started;
  }),
  defineOperation(dataExportLinkContract, async (_input, req) => dataExportLink(req.ctx, req.session.userId)),
];
