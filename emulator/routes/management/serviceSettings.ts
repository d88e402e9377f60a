/**
 * Two settings of a service that are operations of their own (beta in ClickHouse Cloud's published OpenAPI): its
 * ClickHouse settings (`.../clickhouseSettings`: the list of those set, a PATCH of several, the schema of those that
 * may be set, and a GET and a DELETE of one) and its scaling schedule (`.../scalingSchedule`: GET, a POST that
 * replaces every entry, DELETE). The specification has neither; both wires serve them as the OpenAPI gives them, as
 * they do the service's other operations. A service that does not exist answers 404, as every service operation does.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../server/context";
import { notFound } from "../../server/errors";
import { ApiError } from "../../server/errors";
import { secureBytes } from "../../state/random";
import { validBody } from "../validBody";
import { envelope, findService, servicePath, type ServiceParams } from "./common";
import {
  applySettings,
  resetSetting,
  settingOf,
  settingsList,
  settingsObjectOf,
  settingsProblems,
  settingsSchema,
} from "../../model/clickhouseSettings";
import {
  deleteSchedule,
  hasSchedule,
  replaceSchedule,
  scheduleProblems,
  scheduleView,
  type ScalingScheduleEntryRequest,
} from "../../model/scalingSchedules";

interface SettingParams extends ServiceParams {
  settingName: string;
}

const settingsPath = `${servicePath}/clickhouseSettings`;
const schedulePath = `${servicePath}/scalingSchedule`;

export function serviceSettingRoutes(scope: FastifyInstance, context: EmulatorContext): void {
  /** The OpenAPI's answer to these DELETEs: the envelope without a result. */
  const deleted = (requestId: string) => ({ status: 200, requestId });

  scope.get<{ Params: ServiceParams }>(settingsPath, async (request) => {
    return envelope(request, settingsList(findService(context, request.params.serviceId)));
  });

  scope.patch<{ Params: ServiceParams }>(settingsPath, async (request) => {
    const service = findService(context, request.params.serviceId);
    const body = validBody<{ settings: string }>("clickhouseSettingsPatch", request.body);
    const values = settingsObjectOf(body.settings);
    const problems = settingsProblems(values);
    if (problems.length > 0) throw ApiError.invalid(problems);
    const answer = applySettings(service, values);
    context.store.changed();
    return envelope(request, answer);
  });

  scope.get<{ Params: ServiceParams }>(`${settingsPath}/schema`, async (request) => {
    findService(context, request.params.serviceId);
    return envelope(request, settingsSchema());
  });

  scope.get<{ Params: SettingParams }>(`${settingsPath}/:settingName`, async (request) => {
    const service = findService(context, request.params.serviceId);
    return envelope(request, settingOf(service, request.params.settingName));
  });

  scope.delete<{ Params: SettingParams }>(`${settingsPath}/:settingName`, async (request) => {
    const service = findService(context, request.params.serviceId);
    resetSetting(service, request.params.settingName);
    context.store.changed();
    return deleted(request.id);
  });

  scope.get<{ Params: ServiceParams }>(schedulePath, async (request) => {
    const service = findService(context, request.params.serviceId);
    if (!hasSchedule(service)) throw notFound(`Service ${service.id} has no scaling schedule`);
    return envelope(request, scheduleView(service, context.now().getTime()));
  });

  scope.post<{ Params: ServiceParams }>(schedulePath, async (request) => {
    const service = findService(context, request.params.serviceId);
    const { entries } = validBody<{ entries: ScalingScheduleEntryRequest[] }>(
      "scalingSchedulePost",
      request.body,
    );
    const problems = scheduleProblems(entries);
    if (problems.length > 0) throw ApiError.invalid(problems);
    replaceSchedule(service, entries, secureBytes);
    context.store.changed();
    return envelope(request, scheduleView(service, context.now().getTime()));
  });

  scope.delete<{ Params: ServiceParams }>(schedulePath, async (request) => {
    const service = findService(context, request.params.serviceId);
    if (!hasSchedule(service)) throw notFound(`Service ${service.id} has no scaling schedule`);
    deleteSchedule(service);
    context.store.changed();
    return deleted(request.id);
  });
}
