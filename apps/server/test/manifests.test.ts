// The deployment files are right before anyone applies them: every Kubernetes manifest validates
// against the Kubernetes API's own schemas (kubernetes-models), the Deployment probes /readyz and
// /healthz and runs as non-root on a read-only root filesystem, the migration Job runs the migration
// command, and the Secret, ConfigMap and compose file between them give every setting production
// requires.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments, parse } from 'yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { CronJob, Job } from 'kubernetes-models/batch/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';

const deployDir = resolve(import.meta.dirname, '../../../deploy');
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'batch/v1/CronJob': CronJob,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

const manifests = readdirSync(join(deployDir, 'kubernetes'))
  .filter((name) => name.endsWith('.yaml'))
  .flatMap((name) => parseAllDocuments(readFileSync(join(deployDir, 'kubernetes', name), 'utf8')).map((doc) => ({ name, manifest: doc.toJSON() as { apiVersion: string; kind: string; spec?: unknown; data?: Record<string, string>; stringData?: Record<string, string> } })));
const byKind = (kind: string) => manifests.find((m) => m.manifest.kind === kind)!.manifest as never as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- manifests are read as data

/** Every variable production mode refuses to start without (config.ts), with the real providers. */
const REQUIRED = ['NODE_ENV', 'DATABASE_URL', 'KH_PUBLIC_ORIGIN', 'KH_SIGNING_SECRET', 'KH_SMS_URL', 'KH_SMS_API_KEY', 'KH_SMTP_URL', 'KH_MAIL_FROM', 'KH_METRICS_TOKEN', 'KH_CONSOLE_ORIGIN'];
const PROVIDERS = ['KH_ZOLOZ_URL', 'KH_ZOLOZ_CLIENT_ID', 'KH_ZOLOZ_PRIVATE_KEY', 'KH_ZOLOZ_PUBLIC_KEY', 'KH_GHL_URL', 'KH_GHL_SERVICE_ID', 'KH_GHL_PASSWORD', 'KH_RECAPTCHA_SITE_KEY', 'KH_RECAPTCHA_SECRET'];

describe('Kubernetes manifests', () => {
  it('each one validates against the Kubernetes API schemas', () => {
    expect(manifests.map((m) => `${m.manifest.apiVersion}/${m.manifest.kind}`).sort()).toEqual(Object.keys(MODELS).sort());
    for (const { name, manifest } of manifests) {
      const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}`]!;
      expect(() => new Model(manifest as never).validate(), name).not.toThrow();
    }
  });

  it('a manifest with a mistake is refused by the same check', () => {
    const broken = structuredClone(byKind('Deployment'));
    broken.spec.replicas = 'two';
    expect(() => new Deployment(broken).validate()).toThrow();
  });

  it('the Deployment is ready on /readyz, alive on /healthz, non-root on a read-only root filesystem, and drains within its grace', () => {
    const deployment = byKind('Deployment');
    const pod = deployment.spec.template.spec;
    const server = pod.containers[0];
    expect(server.readinessProbe.httpGet.path).toBe('/readyz');
    expect(server.livenessProbe.httpGet.path).toBe('/healthz');
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
    expect(server.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    expect(server.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
    const drain = Number(byKind('ConfigMap').data.KH_DRAIN_SECONDS);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(drain + 10);
    expect(byKind('PodDisruptionBudget').spec.selector).toEqual(deployment.spec.selector);
  });

  it('the migration Job runs the migration command once with the secrets, and the settings cover what production requires', () => {
    const job = byKind('Job').spec.template.spec;
    expect(job.containers[0].command).toEqual(['node', 'apps/server/dist/migrate.js']);
    expect(job.restartPolicy).toBe('Never');
    const given = [...Object.keys(byKind('ConfigMap').data), ...Object.keys(byKind('Secret').stringData)];
    expect(given).toEqual(expect.arrayContaining([...REQUIRED, ...PROVIDERS]));
  });

  it('the retention job purges monthly, one run at a time, with the settings and secrets the server has', () => {
    const cron = byKind('CronJob');
    expect(cron.spec.concurrencyPolicy).toBe('Forbid');
    const container = cron.spec.jobTemplate.spec.template.spec.containers[0];
    expect(container.command).toEqual(['node', 'apps/server/dist/retention.js', 'purge']);
    const server = byKind('Deployment').spec.template.spec.containers[0];
    expect(container.envFrom).toEqual(server.envFrom);
    expect(container.image).toBe(server.image);
  });
});

describe('the compose stack', () => {
  it('builds the image, migrates before the server starts, and gives the server every setting production requires, S3 and the console origin included', () => {
    const compose = parse(readFileSync(join(deployDir, 'compose.yaml'), 'utf8'));
    expect(compose.services.migrate).toMatchObject({ build: { dockerfile: 'Containerfile' }, command: ['node', 'apps/server/dist/migrate.js'] });
    expect(compose.services.server.depends_on.migrate).toEqual({ condition: 'service_completed_successfully' });
    expect(compose.services.server).toMatchObject({ read_only: true, tmpfs: ['/tmp'] });
    expect(Object.keys(compose.services.server.environment)).toEqual(expect.arrayContaining([...REQUIRED, 'KH_S3_BUCKET', 'KH_S3_ENDPOINT', 'KH_CONSOLE_ORIGIN']));
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'minio', 'mailpit']));
  });
});
