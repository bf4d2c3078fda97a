// Every background event of the service, named <module>/<entity>.<verb>, with its payload.
export type BackgroundEvent = { name: "notifications/notification.created"; data: { notification_id: string } };

export type BackgroundEventName = BackgroundEvent["name"];
