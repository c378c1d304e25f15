import Hummingbird
public import Logging
public import Mail
public import Media
import Metrics
import NIOCore
public import Outbox
import Prometheus
public import Push
public import ServiceLifecycle
import Storage

/// This process's Prometheus metrics: swift-metrics backed by one Prometheus registry, exposed at
/// `GET /metrics` (text exposition format) on a listener of its own — `--metrics-hostname` and
/// `--metrics-port`, never the public address — so that they are not published by accident.
public struct MetricsExposition: Sendable {
    private let registry: PrometheusCollectorRegistry

    /// Latency buckets from 0.1 ms to 2 s: a cached read takes well under a millisecond, a login tens
    /// of milliseconds, a request that waits for a busy pool up to seconds.
    static let durationBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
        .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
        .seconds(1), .seconds(2),
    ]

    /// Makes swift-metrics record into a new Prometheus registry. Once per process, before the site
    /// and its services are built: metrics made earlier record nowhere.
    public static func bootstrap() -> MetricsExposition {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.durationBuckets
        MetricsSystem.bootstrap(factory)
        return MetricsExposition(registry: registry)
    }

    /// The metrics listener for `site` on `hostname`:`port`, as a service started and stopped with
    /// the server.
    public func service(for site: Site, hostname: String, port: Int, logger: Logger) -> any Service {
        let router = Router()
        let registry = self.registry
        router.get("metrics") { _, _ -> Response in
            await Self.refreshGauges(site, logger: logger)
            var bytes: [UInt8] = []
            registry.emit(into: &bytes)
            return Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
            )
        }
        return Application(router: router, configuration: .init(address: .hostname(hostname, port: port), serverName: nil), logger: logger)
    }

    /// The gauges read at scrape time: connections lent out (read first, before the scrape borrows
    /// one), each outbox's backlog, and the images stored.
    private static func refreshGauges(_ site: Site, logger: Logger) async {
        Gauge(label: "endpoint_database_connections_in_use").record(site.database.connectionsInUse)
        await Self.recordBacklog(of: "mail", logger: logger) {
            try await site.database.withConnection { try await MailOutbox.backlog(now: site.clock.now, on: $0) }
        }
        await Self.recordBacklog(of: "push", logger: logger) {
            try await site.database.withConnection { try await PushOutbox.backlog(now: site.clock.now, on: $0) }
        }
        do {
            let stored = try await site.database.withConnection { try await MediaStore.totals(on: $0) }
            Gauge(label: "endpoint_media_stored_images").record(stored.images)
            Gauge(label: "endpoint_media_stored_bytes").record(stored.bytes)
        } catch {
            logger.warning("stored images not measured", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    private static func recordBacklog(of outbox: String, logger: Logger, _ read: () async throws -> OutboxBacklog) async {
        do {
            let backlog = try await read()
            Gauge(label: "endpoint_outbox_pending", dimensions: [("outbox", outbox)]).record(backlog.pending)
            Gauge(label: "endpoint_outbox_oldest_pending_seconds", dimensions: [("outbox", outbox)]).record(backlog.oldestAgeSeconds)
        } catch {
            logger.warning("outbox backlog not measured", metadata: ["outbox": "\(outbox)", "error": "\(String(reflecting: error))"])
        }
    }
}
