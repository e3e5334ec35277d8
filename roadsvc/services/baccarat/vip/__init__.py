"""VIP tables (issue 20): charters and flown hands, held hands and their opening, the VIP's table requests."""
